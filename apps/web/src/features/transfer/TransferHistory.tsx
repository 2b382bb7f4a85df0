import { transferPageMessages as m, type TransferRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { AsyncTableState } from '../../shared/ui/AsyncTableState';
import { useContractText } from '../../shared/i18n/contractText';
import { formatBalance } from '../../shared/format/balance';
import { accountLabel, formatDateTime } from '../../shared/format/wallet';
import type { AsyncStatus } from '../../shared/hooks/useAsync';
import { TableHead, type TableColumn } from '../../shared/ui/TableHead';
import { statusLabel, statusTone } from './transferFormat';

const COLUMNS: readonly TableColumn[] = [
  { label: msg`Asset` },
  { label: msg`Amount`, numeric: true },
  { label: msg`From` },
  { label: msg`To` },
  { label: msg`Status` },
  { label: msg`Date` },
];

interface TransferHistoryProps {
  status: AsyncStatus;
  records: TransferRecord[] | null;
  onRetry: () => void;
}

/** The transfer history table of spec 3 §2, newest first as the server sends it. */
export function TransferHistory({ status, records, onRetry }: TransferHistoryProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  return (
    <section className="card wallet-card transfer-history" aria-labelledby="transfer-history-title">
      <h2 id="transfer-history-title" className="wallet-card__title">
        <Trans>Transfer History</Trans>
      </h2>
      <AsyncTableState
        status={status}
        rows={records}
        error={
          <>
            <strong>{contractText(m.historyError)}</strong>
            <span className="muted">{contractText(m.historyErrorDetail)}</span>
          </>
        }
        retryLabel={contractText(m.tryAgain)}
        onRetry={onRetry}
        loadingLabel={t`Loading transfer history`}
        emptyTitle={contractText(m.historyEmpty)}
        emptyHint={contractText(m.historyEmptyHint)}
      >
        {(loaded) => (
          <>
            <TableHead columns={COLUMNS} />
            <tbody>
              {loaded.map((r, index) => (
                <tr key={`${r.created_at}-${index}`}>
                  <td data-label={t`Asset`}>
                    <strong>{r.symbol}</strong>
                  </td>
                  <td data-label={t`Amount`} className="num">
                    {formatBalance(r.amount)}
                  </td>
                  <td data-label={t`From`}>{i18n._(accountLabel(r.transfer_from))}</td>
                  <td data-label={t`To`}>{i18n._(accountLabel(r.transfer_to))}</td>
                  <td data-label={t`Status`}>
                    <span className={`wallet-status wallet-status--${statusTone(r.status)}`}>{contractText(statusLabel(r.status))}</span>
                  </td>
                  <td data-label={t`Date`} className="muted">
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
