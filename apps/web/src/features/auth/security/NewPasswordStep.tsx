import { useState, type FormEvent } from 'react';
import { errorCodes, newPasswordForm, securityErrorCodes, securityMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { changePassword } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';
import { RestrictionCheckbox } from './RestrictionCheckbox';
import { TotpField } from '../../../shared/two-factor/TotpField';

/** Refusals of the mailed code: the flow goes back to its code step. */
export const CODE_REFUSALS: readonly string[] = [errorCodes.codeInvalid, errorCodes.codeExpired, errorCodes.codeLocked];

/** The fields a refused change is about, so the form marks them. */
function refusedFields(error: unknown): ReadonlySet<string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === errorCodes.passwordTooCommon) return new Set(['new_password', 'confirm_password']);
  return error.code?.startsWith('TOTP') ? new Set(['totp_code']) : undefined;
}

interface NewPasswordStepProps {
  email: string;
  otp: string;
  notice: string | null;
  twoFactor: boolean;
  onChanged: (message: string) => void;
  onCodeRefused: (message: string) => void;
}

/** Change password, step 2 (spec 3 §2, §5): the new password twice, the restriction checkbox, the app's code if on. */
export function NewPasswordStep({ email, otp, notice, twoFactor, onChanged, onCodeRefused }: NewPasswordStepProps) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(twoFactor);
  const feedback = useFormFeedback(notice);
  const { error, success, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);
  const showTotp = askTotp || twoFactor;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = validate(newPasswordForm, { new_password: password, confirm_password: confirm, agree });
    if (!form.ok) return fail(form.message, form.fields);
    if (showTotp && !/^\d{6}$/.test(totp)) return fail(securityMessages.totpRequired, new Set(['totp_code']));
    clear();
    setLoading(true);
    try {
      const answer = await changePassword({ email, otp, new_password: password, confirm_password: confirm, totp_code: showTotp ? totp : undefined });
      if (!answer.success) throw rejectedAnswer(answer.message);
      onChanged(answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      if (caught instanceof ApiError && caught.code && CODE_REFUSALS.includes(caught.code)) return onCodeRefused(caught.message);
      fail(serverMessageOf(caught) ?? securityMessages.changePasswordFailed, refusedFields(caught));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="change-new-password"
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
        id="change-confirm-password"
        label={t`Confirm new password`}
        password
        field="confirm_password"
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the new password`}
        value={confirm}
        onValueChange={setConfirm}
      />
      {showTotp && <TotpField id="change-password-totp" feedback={feedback} value={totp} onValueChange={setTotp} autoFocus={askTotp && !twoFactor} />}
      <RestrictionCheckbox id="change-password-agree" change="password" checked={agree} onChange={setAgree} feedback={feedback} />
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Confirm</Trans>
      </SubmitButton>
    </form>
  );
}
