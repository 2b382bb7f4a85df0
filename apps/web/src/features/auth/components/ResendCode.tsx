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
        Resend code in {remaining}s
      </p>
    );
  }
  return (
    <p className="auth-resend">
      <button type="button" className="btn-link" onClick={onResend} disabled={busy}>
        {busy ? 'Sending...' : 'Resend code'}
      </button>
    </p>
  );
}
