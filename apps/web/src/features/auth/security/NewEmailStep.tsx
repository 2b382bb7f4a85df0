import { useState, type FormEvent } from 'react';
import { errorCodes, newEmailForm, securityErrorCodes, securityMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { changeEmail } from '../api/securityApi';
import { FormAlert } from '../components/FormAlert';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';
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
  const [newEmail, setNewEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const feedback = useFormFeedback(notice);
  const { error, success, fail, clear } = feedback;
  const [loading, setLoading] = useState(false);
  const showTotp = askTotp || twoFactor;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = validate(newEmailForm, { new_email: newEmail, agree });
    if (!form.ok) return fail(form.message, form.fields);
    if (showTotp && !/^\d{6}$/.test(totp)) return fail(securityMessages.totpRequired, new Set(['totp_code']));
    clear();
    setLoading(true);
    try {
      const answer = await changeEmail({ email, otp, new_email: form.data.new_email, totp_code: showTotp ? totp : undefined });
      if (!answer.success) throw rejectedAnswer(answer.message);
      onChanged(answer.email, answer.message);
    } catch (caught) {
      setLoading(false);
      if (caught instanceof ApiError && caught.code === securityErrorCodes.totpRequired) setAskTotp(true);
      if (caught instanceof ApiError && caught.code && CODE_REFUSALS.includes(caught.code)) return onCodeRefused(caught.message);
      const field = caught instanceof ApiError && caught.code?.startsWith('TOTP') ? 'totp_code' : caught instanceof ApiError && caught.code === errorCodes.emailTaken ? 'new_email' : null;
      fail(serverMessageOf(caught) ?? securityMessages.changeEmailFailed, field ? new Set([field]) : undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        id="change-new-email"
        label={t`New email`}
        field="new_email"
        feedback={feedback}
        type="email"
        autoComplete="email"
        placeholder={t`Enter the new email address`}
        autoFocus
        value={newEmail}
        onValueChange={setNewEmail}
      />
      {showTotp && <TotpField id="change-email-totp" feedback={feedback} value={totp} onValueChange={setTotp} autoFocus={askTotp && !twoFactor} />}
      <RestrictionCheckbox id="change-email-agree" change="email" checked={agree} onChange={setAgree} feedback={feedback} />
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Confirm</Trans>
      </SubmitButton>
    </form>
  );
}
