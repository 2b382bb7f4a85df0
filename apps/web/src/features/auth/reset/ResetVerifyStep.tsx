import { useState, type FormEvent } from 'react';
import { authMessages, OTP_RESEND_COOLDOWN_S, resetVerifyRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { resendPasswordResetOtp, verifyPasswordResetOtp } from '../api/authApi';
import { FormAlert } from '../components/FormAlert';
import { ResendCode } from '../components/ResendCode';
import { SubmitButton } from '../components/SubmitButton';
import { useCountdown } from '../hooks/useCountdown';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { validate } from '../lib/validate';

interface ResetVerifyStepProps {
  email: string;
  notice: string | null;
  onVerified: (otp: string, message: string) => void;
}

export function ResetVerifyStep({ email, notice, onVerified }: ResetVerifyStepProps) {
  const { t } = useLingui();
  const [otp, setOtp] = useState('');
  const { error, success, fail, notify, clear, edited, isInvalid } = useFormFeedback(notice);
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(OTP_RESEND_COOLDOWN_S);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resetVerifyRequest, { email, otp });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await verifyPasswordResetOtp(result.data);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onVerified(result.data.otp, answer.message);
    } catch (caught) {
      setLoading(false);
      const fallback = caught instanceof ApiError ? authMessages.invalidOtpTryAgain : authMessages.verifyOtpFailed;
      fail(serverMessageOf(caught) ?? fallback);
    }
  };

  const resend = async () => {
    setResending(true);
    clear();
    try {
      const answer = await resendPasswordResetOtp(email);
      if (!answer.success) throw rejectedAnswer(answer.message);
      notify(answer.message);
      restart(OTP_RESEND_COOLDOWN_S);
    } catch (caught) {
      if (caught instanceof ApiError && caught.retryAfterSeconds) restart(caught.retryAfterSeconds);
      fail(serverMessageOf(caught) ?? authMessages.resendOtpFailed);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>
          Enter the code we sent to <strong className="auth-strong">{email}</strong>.
        </Trans>
      </p>
      <div className="field">
        <label htmlFor="reset-otp">
          <Trans>Verification code</Trans>
        </label>
        <input
          id="reset-otp"
          className="input auth-code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t`Enter code`}
          maxLength={12}
          autoFocus
          value={otp}
          aria-invalid={isInvalid('otp')}
          onChange={(e) => {
            setOtp(e.target.value.replace(/\s/g, ''));
            edited('otp');
          }}
        />
      </div>
      <ResendCode remaining={remaining} busy={resending} onResend={resend} />
      <FormAlert error={error} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Verify</Trans>
      </SubmitButton>
    </form>
  );
}
