import { useState, type FormEvent } from 'react';
import { authMessages, errorCodes, resetPasswordRequest, securityErrorCodes } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { resetPassword } from '../api/authApi';
import { TotpField } from '../../../shared/two-factor/TotpField';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { validate } from '../lib/validate';

interface ResetPasswordStepProps {
  email: string;
  otp: string;
  notice: string | null;
  onReset: (message: string) => void;
}

export function ResetPasswordStep({ email, otp, notice, onReset }: ResetPasswordStepProps) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** Asked for when the account has the authenticator app on (TOTP_REQUIRED). */
  const [askTotp, setAskTotp] = useState(false);
  const [totp, setTotp] = useState('');
  const feedback = useFormFeedback(notice);
  const { error, success, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resetPasswordRequest, { email, otp, new_password: password, confirm_password: confirm, totp_code: askTotp ? totp : undefined });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await resetPassword(result.data);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onReset(answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      const common = caught instanceof ApiError && caught.code === errorCodes.passwordTooCommon;
      fail(serverMessageOf(caught) ?? authMessages.resetPasswordFailed, common ? new Set(['new_password', 'confirm_password']) : undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="reset-new-password"
        label={t`New password`}
        password
        field="new_password"
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`At least 8 characters`}
        autoFocus
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        id="reset-confirm-password"
        label={t`Confirm new password`}
        password
        field="confirm_password"
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the new password`}
        value={confirm}
        onValueChange={setConfirm}
      />
      {askTotp && <TotpField id="reset-totp" feedback={feedback} value={totp} onValueChange={setTotp} autoFocus />}
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  );
}
