import { statusLabel, type ConnectionStatus } from './connection';

interface StatusPillProps {
  status: ConnectionStatus;
  attempt: number;
  stale: boolean;
}

const TONE: Record<ConnectionStatus, string> = {
  connected: 'live',
  fallback: 'live',
  connecting: 'wait',
  reconnecting: 'wait',
  disconnected: 'off',
  error: 'bad',
  failed: 'bad',
};

export function StatusPill({ status, attempt, stale }: StatusPillProps) {
  return (
    <span className="ob-status" role="status" aria-live="polite">
      <span className={`ob-pill ob-pill--${TONE[status]}`}>{statusLabel(status, attempt)}</span>
      {stale && (
        <span className="ob-stale" title="No fresh data for a while; prices may be out of date">
          stale
        </span>
      )}
    </span>
  );
}
