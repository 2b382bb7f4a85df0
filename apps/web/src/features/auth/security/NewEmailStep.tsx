import { useState } from 'react';
import { errorCodes, newEmailForm, securityErrorCodes, securityMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { changeEmail } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { FormTextField } from '../components/FormTextField';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { CODE_REFUSALS } from './NewPasswordStep';
import { RestrictionCheckbox } from './RestrictionCheckbox';
import { TotpField } from '../../../shared/two-factor/TotpField';

interface NewEmailStepProps {
  email: string;
  otp: string;
  notice: string | null;
  twoFactor: boolean;
  onChanged: (newEmail: string, message: string) => void;
  onCodeRefused: (message: string) => void;
}

/** Change email, step 3 (spec 3 §2, §5): the new address, the restriction checkbox, the app's code if on. */
export function NewEmailStep({ email, otp, notice, twoFactor, onChanged, onCodeRefused }: NewEmailStepProps) {
  const { t } = useLingui();
  const feedback = useFormFeedback(notice);
  const { form, submitWith } = useContractForm(newEmailForm, { new_email: '', agree: false }, feedback);
  const { setValue, watch } = form;
  // The app's code is checked apart: the change's form schema knows nothing of the second factor.
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const { error, success, fail } = feedback;
  const [loading, setLoading] = useState(false);
  const showTotp = askTotp || twoFactor;

  const submit = submitWith(async ({ new_email }) => {
    if (showTotp && !/^\d{6}$/.test(totp)) return fail(securityMessages.totpRequired, new Set(['totp_code']));
    setLoading(true);
    try {
      const answer = await changeEmail({ email, otp, new_email, totp_code: showTotp ? totp : undefined });
      if (!answer.success) throw rejectedAnswer(answer.message);
      onChanged(answer.email, answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      if (caught instanceof ApiError && caught.code && CODE_REFUSALS.includes(caught.code)) return onCodeRefused(caught.message);
      const field = caught instanceof ApiError && caught.code?.startsWith('TOTP') ? 'totp_code' : caught instanceof ApiError && caught.code === errorCodes.emailTaken ? 'new_email' : null;
      fail(serverMessageOf(caught) ?? securityMessages.changeEmailFailed, field ? new Set([field]) : undefined);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormTextField
        control={form.control}
        name="new_email"
        id="change-new-email"
        label={t`New email`}
        feedback={feedback}
        type="email"
        autoComplete="email"
        placeholder={t`Enter the new email address`}
        autoFocus
      />
      {showTotp && <TotpField id="change-email-totp" feedback={feedback} value={totp} onValueChange={setTotp} autoFocus={askTotp && !twoFactor} />}
      <RestrictionCheckbox id="change-email-agree" change="email" checked={watch('agree')} onChange={(checked) => setValue('agree', checked)} feedback={feedback} />
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Confirm</Trans>
      </SubmitButton>
    </form>
  );
}
