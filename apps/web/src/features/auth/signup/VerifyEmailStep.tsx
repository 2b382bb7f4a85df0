import { useState, type FormEvent } from 'react';
import { authMessages, OTP_LENGTH, OTP_RESEND_COOLDOWN_S, verifyOtpRequest } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { resendSignupOtp, verifySignupOtp } from '../api/authApi';
import { FormAlert } from '../components/FormAlert';
import { emptyCode, OtpInput } from '../components/OtpInput';
import { ResendCode } from '../components/ResendCode';
import { SubmitButton } from '../components/SubmitButton';
import { useCountdown } from '../hooks/useCountdown';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { isNetworkError, rejectedAnswer, serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';

interface VerifyEmailStepProps {
  email: string;
  notice: string | null;
  onVerified: (message: string) => void;
}

const CODE_FIELD = 'otp';

export function VerifyEmailStep({ email, notice, onVerified }: VerifyEmailStepProps) {
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const { error, success, fail, notify, clear, edited, isInvalid } = useFormFeedback(notice);
  const { remaining, restart } = useCountdown(OTP_RESEND_COOLDOWN_S);
  const codeField = new Set([CODE_FIELD]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(verifyOtpRequest, { email, otp: code.join('') });
    if (!result.ok) return fail(result.message, codeField);
    clear();
    setLoading(true);
    try {
      const answer = await verifySignupOtp(result.data);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onVerified(answer.message);
    } catch (caught) {
      setLoading(false);
      const fallback = isNetworkError(caught) ? authMessages.networkError : authMessages.invalidVerificationCode;
      fail(serverMessageOf(caught) ?? fallback, codeField);
    }
  };

  const resend = async () => {
    setResending(true);
    clear();
    try {
      const answer = await resendSignupOtp(email);
      notify(answer.message);
      restart(answer.retry_after_seconds || OTP_RESEND_COOLDOWN_S);
      setCode(emptyCode(OTP_LENGTH));
    } catch (caught) {
      // Too early: the server says how long to wait; the countdown shows it.
      const wait = caught instanceof ApiError ? caught.retryAfterSeconds : undefined;
      if (wait) restart(wait);
      fail((wait && serverMessageOf(caught)) || authMessages.resendCodeFailed);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted auth-lead">
        <Trans>
          Enter the {OTP_LENGTH}-digit code we sent to <strong className="auth-strong">{email}</strong>.
        </Trans>
      </p>
      <div className="field">
        <OtpInput
          value={code}
          onChange={(next) => {
            setCode(next);
            edited(CODE_FIELD);
          }}
          invalid={isInvalid(CODE_FIELD)}
          disabled={loading}
          autoFocus
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
