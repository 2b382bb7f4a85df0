import { useState } from 'react';
import { authMessages, OTP_RESEND_COOLDOWN_S } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { requestTotpEnableCode } from '../api/securityApi';
import { ResendCode } from '../components/ResendCode';
import { TextField } from '../components/TextField';
import { useCountdown } from '../hooks/useCountdown';
import type { useFormFeedback } from '../hooks/useFormFeedback';
import { serverMessageOf } from '../lib/errors';

/** What the owner gives besides the session: the password, or the code mailed for it. */
export type Proof = { kind: 'password'; password: string } | { kind: 'email'; otp: string };

interface ConfirmIdentityProps {
  userId: string;
  proof: Proof;
  onProofChange: (proof: Proof) => void;
  /** The form's message line and fields: the mailed code's notice and refusal show there. */
  feedback: ReturnType<typeof useFormFeedback>;
}

/**
 * The last step of turning the authenticator app on: the password, or a code mailed to the
 * account's address for those who would rather not type it, so a session alone cannot bind an app.
 */
export function ConfirmIdentity({ userId, proof, onProofChange, feedback }: ConfirmIdentityProps) {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const { remaining, restart } = useCountdown(0);

  const sendCode = async () => {
    setSending(true);
    try {
      const answer = await requestTotpEnableCode(userId);
      feedback.notify(answer.message);
      restart(answer.retry_after_seconds ?? OTP_RESEND_COOLDOWN_S);
      if (proof.kind === 'password') onProofChange({ kind: 'email', otp: '' });
    } catch (caught) {
      feedback.fail(serverMessageOf(caught) ?? authMessages.sendOtpFailed);
    } finally {
      setSending(false);
    }
  };

  if (proof.kind === 'password') {
    return (
      <>
        <Trans>Confirm it is you with your password.</Trans>
        <TextField
          id="totp-setup-password"
          label={t`Your password`}
          password
          field="password"
          feedback={feedback}
          autoComplete="current-password"
          value={proof.password}
          onValueChange={(password) => onProofChange({ kind: 'password', password })}
        />
        <p className="auth-resend">
          <button type="button" className="btn-link" onClick={() => void sendCode()} disabled={sending}>
            {sending ? <Trans>Sending...</Trans> : <Trans>Email me a code instead</Trans>}
          </button>
        </p>
      </>
    );
  }
  return (
    <>
      <Trans>Confirm it is you with the code we emailed you.</Trans>
      <TextField
        id="totp-setup-email-code"
        label={t`Email code`}
        field="otp"
        feedback={feedback}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t`6-digit code`}
        value={proof.otp}
        onValueChange={(otp) => onProofChange({ kind: 'email', otp: otp.replace(/\s/g, '') })}
      />
      <ResendCode remaining={remaining} busy={sending} onResend={() => void sendCode()} />
      <p className="auth-resend">
        <button type="button" className="btn-link" onClick={() => onProofChange({ kind: 'password', password: '' })}>
          <Trans>Use my password instead</Trans>
        </button>
      </p>
    </>
  );
}
