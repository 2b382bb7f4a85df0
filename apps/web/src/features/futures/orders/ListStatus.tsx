import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface ListStatusProps {
  state: { loading: boolean; failed: boolean; rows: readonly unknown[] };
  empty: ReactNode;
  children: ReactNode;
}

/** A tab's loading, error and empty states, or its rows. */
export function ListStatus({ state, empty, children }: ListStatusProps) {
  if (state.failed)
    return (
      <p className="spot-orders__state down" role="alert">
        <Trans>Could not load this list. Please try again later.</Trans>
      </p>
    );
  if (state.loading)
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading...</Trans>
      </p>
    );
  if (state.rows.length === 0) return <p className="spot-orders__state muted">{empty}</p>;
  return <>{children}</>;
}

/** The "Load more" of a paged tab. */
export function LoadMore({ more, loading, onMore }: { more: boolean; loading: boolean; onMore: () => void }) {
  if (!more) return null;
  return (
    <div className="spot-orders__foot">
      <button type="button" className="spot-cancel" disabled={loading} onClick={onMore}>
        {loading ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
      </button>
    </div>
  );
}
