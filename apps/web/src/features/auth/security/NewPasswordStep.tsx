import { useState } from 'react';
import { errorCodes, newPasswordForm, securityErrorCodes, securityMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { changePassword } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { FormTextField } from '../components/FormTextField';
import { useContractForm } from '../hooks/useContractForm';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
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
  const feedback = useFormFeedback(notice);
  const { form, submitWith } = useContractForm(newPasswordForm, { new_password: '', confirm_password: '', agree: false }, feedback);
  const { control, setValue, watch } = form;
  // The app's code is checked apart: the change's form schema knows nothing of the second factor.
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(twoFactor);
  const { error, success, fail } = feedback;
  const [loading, setLoading] = useState(false);
  const showTotp = askTotp || twoFactor;

  const submit = submitWith(async ({ new_password, confirm_password }) => {
    if (showTotp && !/^\d{6}$/.test(totp)) return fail(securityMessages.totpRequired, new Set(['totp_code']));
    setLoading(true);
    try {
      const answer = await changePassword({ email, otp, new_password, confirm_password, totp_code: showTotp ? totp : undefined });
      if (!answer.success) throw rejectedAnswer(answer.message);
      onChanged(answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      if (caught instanceof ApiError && caught.code && CODE_REFUSALS.includes(caught.code)) return onCodeRefused(caught.message);
      fail(serverMessageOf(caught) ?? securityMessages.changePasswordFailed, refusedFields(caught));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <FormTextField
        control={control}
        name="new_password"
        id="change-new-password"
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
        id="change-confirm-password"
        label={t`Confirm new password`}
        password
        feedback={feedback}
        autoComplete="new-password"
        placeholder={t`Repeat the new password`}
      />
      {showTotp && <TotpField id="change-password-totp" feedback={feedback} value={totp} onValueChange={setTotp} autoFocus={askTotp && !twoFactor} />}
      <RestrictionCheckbox id="change-password-agree" change="password" checked={watch('agree')} onChange={(checked) => setValue('agree', checked)} feedback={feedback} />
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Confirm</Trans>
      </SubmitButton>
    </form>
  );
}
