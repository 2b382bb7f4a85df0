import { assetsMessages, convertMessages as m, transferPageMessages, type ConversionRecord } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBalance } from '../../../shared/format/balance';
import { formatDateTime } from '../../../shared/format/wallet';
import { useAsync } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { AsyncTableState } from '../../../shared/ui/AsyncTableState';
import { Modal } from '../../../shared/ui/Modal';
import '../../../shared/ui/wallet.css';
import { fetchConversions } from '../api/convertApi';
import { formatRate } from '../model/rate';

interface HistoryModalProps {
  uid: number;
  open: boolean;
  /** Changes each time the modal opens, so every opening reads the history afresh. */
  openCount: number;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2 §2: the user's conversions, newest first as the server sends them. */
export function HistoryModal({ uid, open, openCount, onOpenChange }: HistoryModalProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const history = useAsync<ConversionRecord[]>('conversion-history', open ? `${uid}:${openCount}` : null, (signal) => fetchConversions(uid, signal));
  const rows = history.status === 'loading' ? null : history.data;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={<Trans>Conversion history</Trans>} className="convert-history">
      <AsyncTableState
        status={history.status}
        rows={rows}
        error={<strong>{contractText(m.historyFailed)}</strong>}
        retryLabel={contractText(transferPageMessages.tryAgain)}
        onRetry={history.reload}
        loadingLabel={t`Loading conversion history`}
        emptyTitle={contractText(m.historyEmpty)}
        emptyHint={contractText(assetsMessages.noRecordsHint)}
      >
        {(loaded) => (
          <>
            <thead>
              <tr>
                <th>
                  <Trans>Date</Trans>
                </th>
                <th className="num">
                  <Trans>From</Trans>
                </th>
                <th className="num">
                  <Trans>To</Trans>
                </th>
                <th className="num">
                  <Trans>Rate</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.map((r) => (
                <tr key={r.id}>
                  <td data-label={t`Date`} className="muted">
                    {formatDateTime(r.created_at)}
                  </td>
                  <td data-label={t`From`} className="num">
                    {formatBalance(r.amount)} {r.convert_from}
                  </td>
                  <td data-label={t`To`} className="num">
                    {formatBalance(r.converted_amount)} {r.convert_to}
                  </td>
                  <td data-label={t`Rate`} className="num">
                    {formatRate(r.rate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </AsyncTableState>
    </Modal>
  );
}
