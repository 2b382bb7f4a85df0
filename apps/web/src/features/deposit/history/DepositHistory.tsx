import { fundsMessages, type DepositRecord } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { AsyncTableState } from '../../../shared/ui/AsyncTableState';
import { TableHead, type TableColumn } from '../../../shared/ui/TableHead';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { shorten } from '../../../shared/format/shorten';
import { confirmationsText } from '../../../shared/funds/confirmations';
import { depositStatusLabel, depositStatusTone } from '../model/status';
import { useStoredText } from '../../../shared/i18n/storedText';

const COLUMNS: readonly TableColumn[] = [
  { label: msg`Coin` },
  { label: msg`Amount`, numeric: true },
  { label: msg`Network` },
  { label: msg`Address` },
  { label: msg`Transaction` },
  { label: msg`Confirmations`, numeric: true },
  { label: msg`Status` },
  { label: msg`Date` },
];

interface DepositHistoryProps {
  status: AsyncStatus;
  records: DepositRecord[] | null;
  onRetry: () => void;
}

/** "All deposits" (spec 3 §2): newest first as the server sends them, confirmations counting up. */
export function DepositHistory({ status, records, onRetry }: DepositHistoryProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const storedText = useStoredText();
  return (
    <section className="card wallet-card funds-history" aria-labelledby="deposit-history-title">
      <h2 id="deposit-history-title" className="wallet-card__title">
        <Trans>All deposits</Trans>
      </h2>
      <AsyncTableState
        status={status}
        rows={records}
        error={<strong>{t`Failed to load deposit history.`}</strong>}
        retryLabel={t`Try again`}
        onRetry={onRetry}
        loadingLabel={t`Loading deposit history`}
        emptyTitle={contractText(fundsMessages.depositsEmpty)}
        emptyHint={t`Your deposits show here once the chain sees them.`}
      >
        {(loaded) => (
          <>
            <TableHead columns={COLUMNS} />
            <tbody>
              {loaded.map((record) => (
                <tr key={record.id} data-testid="deposit-row">
                  <td data-label={t`Coin`}>
                    <span className="funds-history__coin">
                      <CoinLogo symbol={record.symbol} src={record.image_path} size={20} />
                      <strong>{record.symbol}</strong>
                    </span>
                  </td>
                  <td data-label={t`Amount`} className="num">
                    {formatCoinAmount(record.amount)}
                  </td>
                  <td data-label={t`Network`}>{record.network}</td>
                  <td data-label={t`Address`}>
                    <code title={record.address}>{shorten(record.address)}</code>
                  </td>
                  <td data-label={t`Transaction`}>
                    <code title={record.tx_hash}>{shorten(record.tx_hash)}</code>
                  </td>
                  <td data-label={t`Confirmations`} className="num" data-testid="deposit-confirmations">
                    {confirmationsText(record)}
                  </td>
                  <td data-label={t`Status`}>
                    <span className={`wallet-status wallet-status--${depositStatusTone(record.status)}`} data-testid="deposit-status">
                      {i18n._(depositStatusLabel(record.status))}
                    </span>
                    {record.reason && <span className="funds-history__reason muted">{storedText(record.reason)}</span>}
                  </td>
                  <td data-label={t`Date`} className="muted">
                    {formatDateTime(record.date)}
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
