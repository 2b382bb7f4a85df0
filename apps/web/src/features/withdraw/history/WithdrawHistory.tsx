import { useState } from 'react';
import { withdrawMessages, type WithdrawalRecord } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';
import { AsyncTableState } from '../../../shared/ui/AsyncTableState';
import { TableHead, type TableColumn } from '../../../shared/ui/TableHead';
import { cancelWithdrawal } from '../api/withdrawApi';
import { WithdrawalRow } from './WithdrawalRow';

const COLUMNS: readonly TableColumn[] = [
  { label: msg`Coin` },
  { label: msg`Amount`, numeric: true },
  { label: msg`Fee`, numeric: true },
  { label: msg`Received`, numeric: true },
  { label: msg`Network` },
  { label: msg`Address` },
  { label: msg`Transaction` },
  { label: msg`Status` },
  { label: msg`Date` },
  { label: msg`Action` },
];

interface WithdrawHistoryProps {
  uid: number;
  status: AsyncStatus;
  records: WithdrawalRecord[] | null;
  onRetry: () => void;
  /** The cancelled withdrawal as the server answered it. */
  onCancelled: (record: WithdrawalRecord) => void;
  /** Opens the confirmation of a withdrawal still waiting for its emailed code. */
  onContinue: (record: WithdrawalRecord) => void;
}

/** "Withdrawal History" (spec 3 §2): newest first, statuses live, confirm one awaiting its code, cancel while one is not yet sent. */
export function WithdrawHistory({ uid, status, records, onRetry, onCancelled, onContinue }: WithdrawHistoryProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const cancel = async (record: WithdrawalRecord) => {
    setCancelling(record.id);
    setCancelError(null);
    try {
      onCancelled(await cancelWithdrawal(uid, record.id));
    } catch (failure) {
      setCancelError(contractText(errorMessage(failure, t`Failed to cancel the withdrawal. Please try again.`)));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <section className="card wallet-card withdraw-history" aria-labelledby="withdraw-history-title">
      <h2 id="withdraw-history-title" className="wallet-card__title">
        <Trans>Withdrawal History</Trans>
      </h2>
      {cancelError && (
        <p className="form-error" role="alert">
          {cancelError}
        </p>
      )}
      <AsyncTableState
        status={status}
        rows={records}
        error={<strong>{contractText(withdrawMessages.historyFailed)}</strong>}
        retryLabel={t`Try again`}
        onRetry={onRetry}
        loadingLabel={t`Loading withdrawal history`}
        emptyTitle={contractText(withdrawMessages.historyEmpty)}
        emptyHint={t`Your withdrawals show here with their status once you make one.`}
      >
        {(loaded) => (
          <>
            <TableHead columns={COLUMNS} />
            <tbody>
              {loaded.map((record) => (
                <WithdrawalRow
                  key={record.id}
                  record={record}
                  cancelling={cancelling === record.id}
                  onCancel={() => void cancel(record)}
                  onContinue={() => onContinue(record)}
                />
              ))}
            </tbody>
          </>
        )}
      </AsyncTableState>
    </section>
  );
}
