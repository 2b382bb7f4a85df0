import { Trans } from '@lingui/react/macro';

interface ResendCodeProps {
  remaining: number;
  busy: boolean;
  onResend: () => void;
}

/** "Resend code in 59s", then an active "Resend code" link. */
export function ResendCode({ remaining, busy, onResend }: ResendCodeProps) {
  if (remaining > 0) {
    return (
      <p className="muted auth-resend" aria-live="polite">
        <Trans>Resend code in {remaining}s</Trans>
      </p>
    );
  }
  return (
    <p className="auth-resend">
      <button type="button" className="btn-link" onClick={onResend} disabled={busy}>
        {busy ? <Trans>Sending...</Trans> : <Trans>Resend code</Trans>}
      </button>
    </p>
  );
}
