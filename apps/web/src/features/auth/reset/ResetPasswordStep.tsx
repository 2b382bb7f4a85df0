import { useState, type FormEvent } from 'react';
import { authMessages, resetPasswordRequest } from '@exchange/contract';
import { resetPassword } from '../api/authApi';
import { FormAlert } from '../components/FormAlert';
import { PasswordInput } from '../components/PasswordInput';
import { SubmitButton } from '../components/SubmitButton';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error, success, fail, clear, edited, isInvalid } = useFormFeedback(notice);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resetPasswordRequest, { email, otp, new_password: password, confirm_password: confirm });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await resetPassword(result.data);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onReset(answer.message);
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? authMessages.resetPasswordFailed);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor="reset-new-password">New password</label>
        <PasswordInput
          id="reset-new-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          autoFocus
          value={password}
          aria-invalid={isInvalid('new_password')}
          onChange={(e) => {
            setPassword(e.target.value);
            edited('new_password');
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="reset-confirm-password">Confirm new password</label>
        <PasswordInput
          id="reset-confirm-password"
          autoComplete="new-password"
          placeholder="Repeat the new password"
          value={confirm}
          aria-invalid={isInvalid('confirm_password')}
          onChange={(e) => {
            setConfirm(e.target.value);
            edited('confirm_password');
          }}
        />
      </div>
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>Reset password</SubmitButton>
    </form>
  );
}
