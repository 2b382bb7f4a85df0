import type { ReactNode } from 'react';
import type { AsyncStatus } from '../hooks/useAsync';
import { LoadState } from './LoadState';

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
  if (status === 'error' || rows === null) {
    return (
      <LoadState status={status === 'error' ? 'error' : 'loading'} loadingLabel={loadingLabel} error={error} retryLabel={retryLabel} onRetry={onRetry} />
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
