import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  return (
    <span className="ob-status" role="status" aria-live="polite">
      <span className={`ob-pill ob-pill--${TONE[status]}`}>{i18n._(statusLabel(status, attempt))}</span>
      {stale && (
        <span className="ob-stale" title={t`No fresh data for a while; prices may be out of date`}>
          <Trans>stale</Trans>
        </span>
      )}
    </span>
  );
}
