import { useState, type FormEvent } from 'react';
import { authMessages, emailChangeVerifyRequest } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../shared/api/http';
import { FormAlert } from '../components/FormAlert';
import { ResendCode } from '../components/ResendCode';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { useCountdown } from '../hooks/useCountdown';
import { useFormFeedback } from '../hooks/useFormFeedback';
import { rejectedAnswer, serverMessageOf } from '../lib/errors';
import { validate } from '../lib/validate';

interface Answer {
  success: boolean;
  message: string;
  retry_after_seconds?: number;
}

interface VerifyCodeFormProps {
  email: string;
  /** The send's answer or failure, shown above the field. */
  notice: string | null;
  error?: string | null;
  /** Seconds before the code may be sent again (spec 3 §4: 60). */
  waitSeconds: number;
  verify: (otp: string) => Promise<Answer>;
  resend: () => Promise<Answer>;
  onVerified: (otp: string, message: string) => void;
}

/** Step "Verification code" of the password and email changes: the mailed code, resend after a countdown. */
export function VerifyCodeForm({ email, notice, error: initialError, waitSeconds, verify, resend, onVerified }: VerifyCodeFormProps) {
  const { t } = useLingui();
  const [otp, setOtp] = useState('');
  const feedback = useFormFeedback(notice);
  const { error, success, fail, notify, clear } = feedback;
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(waitSeconds);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(emailChangeVerifyRequest, { email, otp });
    if (!result.ok) return fail(result.message, result.fields);
    clear();
    setLoading(true);
    try {
      const answer = await verify(result.data.otp);
      if (!answer.success) throw rejectedAnswer(answer.message);
      onVerified(result.data.otp, answer.message);
    } catch (caught) {
      setLoading(false);
      fail(serverMessageOf(caught) ?? (caught instanceof ApiError ? authMessages.invalidOtpTryAgain : authMessages.verifyOtpFailed));
    }
  };

  const sendAgain = async () => {
    setResending(true);
    clear();
    try {
      const answer = await resend();
      if (!answer.success) throw rejectedAnswer(answer.message);
      notify(answer.message);
      restart(answer.retry_after_seconds ?? 60);
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
      <TextField
        id="security-otp"
        label={t`Verification code`}
        field="otp"
        feedback={feedback}
        className="input auth-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t`Enter code`}
        maxLength={12}
        autoFocus
        value={otp}
        onValueChange={(value) => setOtp(value.replace(/\s/g, ''))}
      />
      <ResendCode remaining={remaining} busy={resending} onResend={sendAgain} />
      <FormAlert error={error ?? initialError} success={success} />
      <SubmitButton loading={loading}>
        <Trans>Next</Trans>
      </SubmitButton>
    </form>
  );
}
