import type { ReactNode } from 'react';
import type { AsyncStatus } from '../hooks/useAsync';
import { Spinner } from './Spinner';

interface LoadStateProps {
  status: AsyncStatus;
  loadingLabel: string;
  /** What went wrong, shown above the retry button. */
  error: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  /** The box's look: cards and tables use the wallet's, the deposit and withdrawal steps their own. */
  className?: 'wallet-state' | 'funds-state';
}

/** The one loading and error state of a load: a spinner, or the error with a retry; nothing once loaded. */
export function LoadState({ status, loadingLabel, error, retryLabel, onRetry, className = 'wallet-state' }: LoadStateProps) {
  if (status === 'error') {
    return (
      <div className={className} role="alert">
        {error}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          {retryLabel}
        </button>
      </div>
    );
  }
  if (status === 'loading') {
    return (
      <div className={className}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return null;
}
