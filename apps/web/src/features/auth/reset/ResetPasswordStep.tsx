import { useState } from 'react';
import { authMessages, errorCodes, resetPasswordRequest, securityErrorCodes } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { resetPassword } from '../api/authApi';
import { TotpField } from '../../../shared/two-factor/TotpField';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { FormTextField } from '../components/FormTextField';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';

interface ResetPasswordStepProps {
  email: string;
  otp: string;
  notice: string | null;
  onReset: (message: string) => void;
}

export function ResetPasswordStep({ email, otp, notice, onReset }: ResetPasswordStepProps) {
  const { t } = useLingui();
  const feedback = useFormFeedback(notice);
  // The email and the mailed code come from the steps before; the app's code only once asked for.
  const defaults = { email, otp, new_password: '', confirm_password: '', totp_code: undefined };
  const { form, submitWith } = useContractForm(resetPasswordRequest, defaults, feedback);
  const { control, setValue, watch } = form;
  const { error, success, fail } = feedback;
  const [loading, setLoading] = useState(false);
  const totp = watch('totp_code');
  const askTotp = totp !== undefined;

  const submit = submitWith(async (data) => {
    setLoading(true);
    try {
      const answer = await resetPassword(data);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onReset(answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired && !askTotp) setValue('totp_code', '');
      const common = caught instanceof ApiError && caught.code === errorCodes.passwordTooCommon;
      fail(serverMessageOf(caught) ?? authMessages.resetPasswordFailed, common ? new Set(['new_password', 'confirm_password']) : undefined);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <FormTextField
        control={control}
        name="new_password"
        id="reset-new-password"
        label={t`New password`}
        password
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`At least 8 characters`}
        autoFocus
      />
      <FormTextField
        control={control}
        name="confirm_password"
        id="reset-confirm-password"
        label={t`Confirm new password`}
        password
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the new password`}
      />
      {askTotp && <TotpField id="reset-totp" feedback={feedback} value={totp} onValueChange={(value) => setValue('totp_code', value)} autoFocus />}
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  );
}
