import { Link } from 'react-router';
import type { TransferRecord } from '@exchange/contract';
import { Spinner } from '../../shared/ui/Spinner';
import { formatPriceMaxDecimals } from '../../shared/format/price';
import type { AsyncStatus } from '../transfer/useAsync';
import { accountLabel, formatDateTime, statusLabel, statusTone } from '../transfer/transferFormat';
import { assetsMessages as m } from './messages';

export const RECENT_COUNT = 6;

interface RecentTransactionsProps {
  status: AsyncStatus;
  records: TransferRecord[] | null;
  onRetry: () => void;
}

/** The newest transfers; deposits and withdrawals join this list once their pages exist. */
export function RecentTransactions({ status, records, onRetry }: RecentTransactionsProps) {
  let body;
  if (status === 'error') {
    body = (
      <div className="wallet-state" role="alert">
        <span className="field-error">{m.recentFailed}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  } else if (records === null) {
    body = (
      <div className="wallet-state">
        <Spinner label="Loading recent transactions" />
      </div>
    );
  } else if (records.length === 0) {
    body = (
      <div className="wallet-state">
        <strong>{m.noRecords}</strong>
        <span className="muted">{m.noRecordsHint}</span>
      </div>
    );
  } else {
    body = (
      <div className="wallet-scroll">
        <table className="wallet-table wallet-table--stack">
          <thead>
            <tr>
              <th>Type</th>
              <th>Asset</th>
              <th className="num">Amount</th>
              <th>Status</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {records.slice(0, RECENT_COUNT).map((r, index) => (
              <tr key={`${r.created_at}-${index}`}>
                <td data-label="Type">
                  Transfer {accountLabel(r.transfer_from)} → {accountLabel(r.transfer_to)}
                </td>
                <td data-label="Asset">
                  <strong>{r.symbol}</strong>
                </td>
                <td data-label="Amount" className="num">
                  {formatPriceMaxDecimals(r.amount, 8)}
                </td>
                <td data-label="Status">
                  <span className={`wallet-status wallet-status--${statusTone(r.status)}`}>{statusLabel(r.status)}</span>
                </td>
                <td data-label="Date" className="muted">
                  {formatDateTime(r.created_at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
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
      {body}
    </section>
  );
}
