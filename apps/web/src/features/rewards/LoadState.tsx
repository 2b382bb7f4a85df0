import { Trans } from '@lingui/react/macro';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { Spinner } from '../../shared/ui/Spinner';

interface LoadStateProps {
  status: AsyncStatus;
  loadingLabel: string;
  error: string;
  onRetry: () => void;
}

/** The loading and error states of a rewards card; nothing once loaded. */
export function LoadState({ status, loadingLabel, error, onRetry }: LoadStateProps) {
  if (status === 'loading') {
    return (
      <div className="wallet-state">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="wallet-state" role="alert">
        <span>{error}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  }
  return null;
}
