import { Trans, useLingui } from '@lingui/react/macro';
import { WITHDRAWAL_QUEUE_STATUSES, WITHDRAWAL_REASON_MAX, type AdminWithdrawalRow, type WithdrawalQueueStatus } from '@exchange/contract';
import { formatBalance, formatCurrency } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { decideWithdrawal, fetchWithdrawalQueue } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { ReviewHeader, ReviewQueue, useReviewQueue } from './ReviewQueue';

function useStatusLabel() {
  const { t } = useLingui();
  return (status: string) =>
    ({
      review: t`Waiting for review`,
      prepared: t`Approved, not yet sent`,
      processing: t`Sent, confirming`,
      completed: t`Completed`,
      failed: t`Failed`,
      rejected: t`Rejected`,
    })[status as WithdrawalQueueStatus] ?? status;
}

function WithdrawalView({ row, onClose }: { row: AdminWithdrawalRow; onClose: (decided: Decision | null) => void }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  return (
    <section className="card wallet-card" aria-labelledby="admin-withdrawal-view">
      <ReviewHeader id="admin-withdrawal-view" title={<Trans>Withdrawal</Trans>} onBack={() => onClose(null)} />
      <dl className="admin-details">
        <dt>{t`User`}</dt>
        <dd>{row.email}</dd>
        <dt>{t`Amount`}</dt>
        <dd>{`${formatBalance(row.amount)} ${row.symbol}`}</dd>
        <dt>{t`Fee`}</dt>
        <dd>{`${formatBalance(row.fee)} ${row.symbol}`}</dd>
        <dt>{t`Value`}</dt>
        <dd>{`${formatCurrency(row.value_usdt)} USDT`}</dd>
        <dt>{t`Network`}</dt>
        <dd>{row.network ?? t`Transfer to another user`}</dd>
        <dt>{t`Address`}</dt>
        <dd>{row.address}</dd>
        {row.memo && (
          <>
            <dt>{t`Memo`}</dt>
            <dd>{row.memo}</dd>
          </>
        )}
        <dt>{t`Requested`}</dt>
        <dd>{formatDateTime(row.created_at)}</dd>
        <dt>{t`Status`}</dt>
        <dd>{statusLabel(row.status)}</dd>
        {row.tx_hash && (
          <>
            <dt>{t`Transaction`}</dt>
            <dd>{row.tx_hash}</dd>
          </>
        )}
        {row.reason && (
          <>
            <dt>{t`Reason given to the user`}</dt>
            <dd>{row.reason}</dd>
          </>
        )}
      </dl>
      {row.status === 'review' && (
        <>
          <h3 className="admin-subtitle">
            <Trans>Decision</Trans>
          </h3>
          <DecisionForm
            id="admin-withdrawal-decision"
            withCode
            reasonMax={WITHDRAWAL_REASON_MAX}
            reasonHint={t`On a rejection the user reads this reason and the amount goes back to their wallet.`}
            submit={(decision, reason, code) => decideWithdrawal(row.id, { decision, reason, totp_code: code })}
            onDecided={onClose}
          />
        </>
      )}
    </section>
  );
}

export function WithdrawalsPanel() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const q = useReviewQueue<WithdrawalQueueStatus, AdminWithdrawalRow, AdminWithdrawalRow>('admin-withdrawals', 'review', fetchWithdrawalQueue);

  if (q.selected) {
    return (
      <WithdrawalView
        row={q.selected}
        onClose={(decided) => {
          q.setSelected(null);
          if (decided) {
            q.setNotice(decided === 'approve' ? t`The withdrawal was approved: it is sent at the next step.` : t`The withdrawal was rejected: its amount goes back to the user.`);
            q.queue.reload();
          }
        }}
      />
    );
  }
  return (
    <ReviewQueue
      id="admin-withdrawals"
      statusId="admin-withdrawal-status"
      title={<Trans>Withdrawals</Trans>}
      statuses={WITHDRAWAL_QUEUE_STATUSES}
      statusLabel={statusLabel}
      state={q}
      loadingLabel={t`Loading the withdrawals`}
      errorLabel={t`The withdrawals could not be loaded.`}
      empty={<Trans>No withdrawal here.</Trans>}
      row={(w) => ({ key: w.id, label: `${formatBalance(w.amount)} ${w.symbol}`, detail: `${w.email} · ${formatDateTime(w.created_at)}`, open: () => q.setSelected(w) })}
    />
  );
}
