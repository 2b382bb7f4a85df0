import { Link } from 'react-router';
import { assetsMessages as m, type LedgerHistoryRow } from '@exchange/contract';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { LedgerTable } from './LedgerTable';
import { ledgerTableRows, RECENT_COUNT } from './ledgerRows';

interface RecentTransactionsProps {
  status: AsyncStatus;
  rows: LedgerHistoryRow[] | null;
  onRetry: () => void;
}

/** The newest balance changes of the ledger: the demo grant, transfers and spot trades; View All opens them all. */
export function RecentTransactions({ status, rows, onRetry }: RecentTransactionsProps) {
  return (
    <section className="card wallet-card" aria-labelledby="recent-title">
      <div className="wallet-card__head">
        <h2 id="recent-title" className="wallet-card__title">
          Recent Transactions
        </h2>
        <Link to="/assets/history" className="btn-link">
          View All
        </Link>
      </div>
      <AsyncTableState
        status={status}
        rows={rows}
        error={<span className="field-error">{m.recentFailed}</span>}
        retryLabel="Retry"
        onRetry={onRetry}
        loadingLabel="Loading recent transactions"
        emptyTitle={m.noRecords}
        emptyHint={m.noRecordsHint}
      >
        {(loaded) => <LedgerTable rows={ledgerTableRows(loaded, RECENT_COUNT)} />}
      </AsyncTableState>
    </section>
  );
}
