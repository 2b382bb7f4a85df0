import { useState } from 'react';
import { authMessages, resetRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { requestPasswordReset } from '../api/authApi';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';

interface ResetRequestStepProps {
  initialEmail: string;
  onSent: (email: string, message: string) => void;
}

export function ResetRequestStep({ initialEmail, onSent }: ResetRequestStepProps) {
  const { t } = useLingui();
  const feedback = useFormFeedback();
  const { form, submitWith } = useContractForm(resetRequest, { email: initialEmail }, feedback);
  const { error, fail } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = submitWith(async ({ email }) => {
    setLoading(true);
    try {
      const answer = await requestPasswordReset(email);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onSent(email, answer.message);
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? authMessages.sendOtpFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>Enter the email of your account and we will send you a verification code.</Trans>
      </p>
      <EmailField id="reset-email" placeholder={t`Email`} feedback={feedback} control={form.control} name="email" />
      <FormAlert error={error} />
      <SubmitButton loading={loading}>
        <Trans>Send code</Trans>
      </SubmitButton>
    </form>
  );
}
