import { Link } from 'react-router';
import { assetsMessages as m, type LedgerHistoryRow } from '@exchange/contract';
import { formatDateTime } from '../../shared/format/wallet';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { recentRows } from './ledgerRows';

interface RecentTransactionsProps {
  status: AsyncStatus;
  rows: LedgerHistoryRow[] | null;
  onRetry: () => void;
}

/** The newest balance changes of the ledger: the demo grant, transfers and, once trading books them, trades. */
export function RecentTransactions({ status, rows, onRetry }: RecentTransactionsProps) {
  return (
    <section className="card wallet-card" aria-labelledby="recent-title">
      <div className="wallet-card__head">
        <h2 id="recent-title" className="wallet-card__title">
          Recent Transactions
        </h2>
        <Link to="/transfer" className="btn-link">
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
        {(loaded) => (
          <>
            <thead>
              <tr>
                <th>Type</th>
                <th>Asset</th>
                <th className="num">Amount</th>
                <th>Account</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {recentRows(loaded).map((r) => (
                <tr key={r.key}>
                  <td data-label="Type">{r.type}</td>
                  <td data-label="Asset">
                    <strong>{r.asset}</strong>
                  </td>
                  <td data-label="Amount" className="num">
                    {r.amount}
                  </td>
                  <td data-label="Account">{r.account}</td>
                  <td data-label="Date" className="muted">
                    {formatDateTime(r.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </AsyncTableState>
    </section>
  );
}
