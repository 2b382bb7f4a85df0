import { transferPageMessages as m, type TransferRecord } from '@exchange/contract';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { formatBalance } from '../../shared/format/balance';
import { accountLabel, formatDateTime } from '../../shared/format/wallet';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { statusLabel, statusTone } from './transferFormat';

interface TransferHistoryProps {
  status: AsyncStatus;
  records: TransferRecord[] | null;
  onRetry: () => void;
}

/** The transfer history table of spec 3 §2, newest first as the server sends it. */
export function TransferHistory({ status, records, onRetry }: TransferHistoryProps) {
  return (
    <section className="card wallet-card" aria-labelledby="transfer-history-title">
      <h2 id="transfer-history-title" className="wallet-card__title">
        Transfer History
      </h2>
      <AsyncTableState
        status={status}
        rows={records}
        error={
          <>
            <strong>{m.historyError}</strong>
            <span className="muted">{m.historyErrorDetail}</span>
          </>
        }
        retryLabel={m.tryAgain}
        onRetry={onRetry}
        loadingLabel="Loading transfer history"
        emptyTitle={m.historyEmpty}
        emptyHint={m.historyEmptyHint}
      >
        {(loaded) => (
          <>
            <thead>
              <tr>
                <th>Asset</th>
                <th className="num">Amount</th>
                <th>From</th>
                <th>To</th>
                <th>Status</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {loaded.map((r, index) => (
                <tr key={`${r.created_at}-${index}`}>
                  <td data-label="Asset">
                    <strong>{r.symbol}</strong>
                  </td>
                  <td data-label="Amount" className="num">
                    {formatBalance(r.amount)}
                  </td>
                  <td data-label="From">{accountLabel(r.transfer_from)}</td>
                  <td data-label="To">{accountLabel(r.transfer_to)}</td>
                  <td data-label="Status">
                    <span className={`wallet-status wallet-status--${statusTone(r.status)}`}>{statusLabel(r.status)}</span>
                  </td>
                  <td data-label="Date" className="muted">
                    {formatDateTime(r.created_at)}
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
