import { useState, type FormEvent } from 'react';
import { authMessages, resetRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { requestPasswordReset } from '../api/authApi';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { validate } from '../lib/validate';

interface ResetRequestStepProps {
  initialEmail: string;
  onSent: (email: string, message: string) => void;
}

export function ResetRequestStep({ initialEmail, onSent }: ResetRequestStepProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState(initialEmail);
  const feedback = useFormFeedback();
  const { error, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resetRequest, { email });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await requestPasswordReset(result.data.email);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onSent(result.data.email, answer.message);
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? authMessages.sendOtpFailed);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>Enter the email of your account and we will send you a verification code.</Trans>
      </p>
      <EmailField id="reset-email" placeholder={t`Email`} feedback={feedback} value={email} onValueChange={setEmail} />
      <FormAlert error={error} />
      <SubmitButton loading={loading}>
        <Trans>Send code</Trans>
      </SubmitButton>
    </form>
  );
}
