import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { WITHDRAWAL_QUEUE_STATUSES, WITHDRAWAL_REASON_MAX, type AdminWithdrawalRow, type WithdrawalQueueStatus } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatBalance, formatCurrency } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { decideWithdrawal, fetchWithdrawalQueue } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { Pager, PAGE_SIZE } from './Pager';

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
      <div className="admin-row">
        <h2 id="admin-withdrawal-view" className="wallet-card__title">
          <Trans>Withdrawal</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClose(null)}>
          <Trans>Back to the list</Trans>
        </button>
      </div>
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
  const [status, setStatus] = useState<WithdrawalQueueStatus>('review');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<AdminWithdrawalRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useAsync('admin-withdrawals', `${status}:${offset}`, (signal) => fetchWithdrawalQueue({ status, offset, limit: PAGE_SIZE }, signal));

  if (selected) {
    return (
      <WithdrawalView
        row={selected}
        onClose={(decided) => {
          setSelected(null);
          if (decided) {
            setNotice(decided === 'approve' ? t`The withdrawal was approved: it is sent at the next step.` : t`The withdrawal was rejected: its amount goes back to the user.`);
            queue.reload();
          }
        }}
      />
    );
  }
  const rows = queue.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-withdrawals">
      <h2 id="admin-withdrawals" className="wallet-card__title">
        <Trans>Withdrawals</Trans>
      </h2>
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      <div className="admin-form">
        <label htmlFor="admin-withdrawal-status">{t`Status`}</label>
        <select
          id="admin-withdrawal-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as WithdrawalQueueStatus);
            setOffset(0);
          }}
        >
          {WITHDRAWAL_QUEUE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <LoadState
        status={queue.status}
        loadingLabel={t`Loading the withdrawals`}
        error={<span>{errorMessage(queue.error, t`The withdrawals could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={queue.reload}
      />
      {queue.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No withdrawal here.</Trans>
        </p>
      )}
      {queue.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((w) => (
            <li key={w.id}>
              <button type="button" className="admin-link" onClick={() => setSelected(w)}>
                {`${formatBalance(w.amount)} ${w.symbol}`}
              </button>
              <span className="muted">
                {w.email} · {formatDateTime(w.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} next={queue.data?.next_offset ?? null} onPage={setOffset} />
    </section>
  );
}
