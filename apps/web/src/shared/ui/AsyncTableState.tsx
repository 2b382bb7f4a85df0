import type { ReactNode } from 'react';
import type { AsyncStatus } from '../hooks/useAsync';
import { Spinner } from './Spinner';

interface AsyncTableStateProps<Row> {
  status: AsyncStatus;
  rows: Row[] | null;
  /** What went wrong, shown above the retry button. */
  error: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  loadingLabel: string;
  emptyTitle: string;
  emptyHint: string;
  /** Draws the table's head and body; called only once there are rows. */
  children: (rows: Row[]) => ReactNode;
}

/** A wallet table's error, loading and empty states, or the table itself once rows arrive. */
export function AsyncTableState<Row>({
  status,
  rows,
  error,
  retryLabel,
  onRetry,
  loadingLabel,
  emptyTitle,
  emptyHint,
  children,
}: AsyncTableStateProps<Row>) {
  if (status === 'error') {
    return (
      <div className="wallet-state" role="alert">
        {error}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          {retryLabel}
        </button>
      </div>
    );
  }
  if (rows === null) {
    return (
      <div className="wallet-state">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="wallet-state">
        <strong>{emptyTitle}</strong>
        <span className="muted">{emptyHint}</span>
      </div>
    );
  }
  return (
    <div className="wallet-scroll">
      <table className="wallet-table wallet-table--stack">{children(rows)}</table>
    </div>
  );
}
