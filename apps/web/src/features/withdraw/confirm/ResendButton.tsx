import { Trans } from '@lingui/react/macro';
import { secondsUntil } from '../model/confirmation';

interface ResendButtonProps {
  /** When the server sends another code (ms since the epoch). */
  resendAt: number;
  now: number;
  busy: boolean;
  onResend: () => void;
}

/** "Resend code in 59s" while the server would refuse another mail, then the button. */
export function ResendButton({ resendAt, now, busy, onResend }: ResendButtonProps) {
  const remaining = secondsUntil(resendAt, now);
  if (remaining > 0) {
    return (
      <p className="muted withdraw-confirm__resend" data-testid="withdraw-confirm-resend-wait">
        <Trans>Resend code in {remaining}s</Trans>
      </p>
    );
  }
  return (
    <button type="button" className="btn-link withdraw-confirm__resend" aria-disabled={busy || undefined} onClick={() => !busy && onResend()}>
      {busy ? <Trans>Sending...</Trans> : <Trans>Resend code</Trans>}
    </button>
  );
}
