import type { WithdrawalRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/format/wallet';
import { shorten } from '../../../shared/format/shorten';
import { formatCoinAmount } from '../../../shared/funds/amount';
import { confirmationsText } from '../../../shared/funds/confirmations';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { isCancellable, showsConfirmations, withdrawalStatusLabel, withdrawalStatusTone } from '../model/status';
import { useStoredText } from '../../../shared/i18n/storedText';

interface WithdrawalRowProps {
  record: WithdrawalRecord;
  cancelling: boolean;
  onCancel: () => void;
  onContinue: () => void;
}

/** One withdrawal: amounts, where it went, its status (confirmations on the chain, the reason when it stopped). */
export function WithdrawalRow({ record, cancelling, onCancel, onContinue }: WithdrawalRowProps) {
  const { t, i18n } = useLingui();
  const storedText = useStoredText();
  const amount = formatCoinAmount(record.amount);
  const { symbol } = record;
  const network = record.kind === 'internal' ? t`Internal` : record.network;
  const confirmations = confirmationsText(record);
  return (
    <tr data-testid="withdraw-row">
      <td data-label={t`Coin`}>
        <span className="funds-history__coin">
          <CoinLogo symbol={symbol} src={record.image_path} size={20} />
          <strong>{symbol}</strong>
        </span>
      </td>
      <td data-label={t`Amount`} className="num">
        {amount}
      </td>
      <td data-label={t`Fee`} className="num">
        {formatCoinAmount(record.fee)}
      </td>
      <td data-label={t`Received`} className="num" data-testid="withdraw-row-received">
        {formatCoinAmount(record.final_amount)}
      </td>
      <td data-label={t`Network`}>{network}</td>
      <td data-label={t`Address`}>
        <code title={record.address}>{shorten(record.address)}</code>
      </td>
      <td data-label={t`Transaction`}>{record.tx_hash ? <code title={record.tx_hash}>{shorten(record.tx_hash)}</code> : <span className="muted">—</span>}</td>
      <td data-label={t`Status`}>
        <span className={`wallet-status wallet-status--${withdrawalStatusTone(record.status)}`} data-testid="withdraw-status">
          {i18n._(withdrawalStatusLabel(record.status))}
        </span>
        {showsConfirmations(record) && (
          <span className="funds-history__reason muted" data-testid="withdraw-confirmations">
            <Trans>{confirmations} confirmations</Trans>
          </span>
        )}
        {record.reason && <span className="funds-history__reason muted">{storedText(record.reason)}</span>}
      </td>
      <td data-label={t`Date`} className="muted">
        {formatDateTime(record.date)}
      </td>
      <td data-label={t`Action`}>
        {isCancellable(record.status) ? (
          <span className="withdraw-row__actions">
            {record.status === 'unconfirmed' && (
              <button type="button" className="btn btn-primary btn-sm" aria-label={t`Confirm the withdrawal of ${amount} ${symbol}`} onClick={onContinue}>
                <Trans>Continue</Trans>
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={cancelling}
              aria-label={t`Cancel the withdrawal of ${amount} ${symbol}`}
              onClick={onCancel}
            >
              {cancelling ? <Trans>Cancelling...</Trans> : <Trans>Cancel</Trans>}
            </button>
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}
