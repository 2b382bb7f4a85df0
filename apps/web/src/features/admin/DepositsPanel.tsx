import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEPOSIT_REVIEW_VIEWS, WITHDRAWAL_REASON_MAX, type AdminDepositRow, type DepositReviewView } from '@exchange/contract';
import { formatBalance } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { creditDeposit, fetchDepositQueue, refuseDeposit } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { ReviewHeader, ReviewQueue, useReviewQueue } from './ReviewQueue';

function useViewLabel() {
  const { t } = useLingui();
  return (view: DepositReviewView) =>
    ({
      below_minimum: t`Below the minimum`,
      rejected: t`Refused by the watcher`,
      failing: t`Failing to credit`,
      unclaimed: t`Unclaimed (no user’s memo)`,
      decided: t`Decided by an operator`,
    })[view];
}

function DepositView({ row, onClose }: { row: AdminDepositRow; onClose: (decided: Decision | null) => void }) {
  const { t } = useLingui();
  const [userId, setUserId] = useState('');
  const open = row.status === 'submitted' || row.status === 'accepted';
  const unclaimed = row.status === 'unclaimed';
  const decidable = row.decided_at === null && (row.status === 'skipped' || row.status === 'rejected' || unclaimed || open);
  return (
    <section className="card wallet-card" aria-labelledby="admin-deposit-view">
      <ReviewHeader id="admin-deposit-view" title={<Trans>Deposit</Trans>} onBack={() => onClose(null)} />
      <dl className="admin-details">
        <dt>{t`User`}</dt>
        <dd>{row.email ?? t`No user: the memo is nobody’s`}</dd>
        <dt>{t`Amount`}</dt>
        <dd>{`${formatBalance(row.amount)} ${row.symbol}`}</dd>
        <dt>{t`Network`}</dt>
        <dd>{row.network}</dd>
        <dt>{t`Address`}</dt>
        <dd>{row.memo === null ? row.address : `${row.address} · ${t`memo`} ${row.memo}`}</dd>
        <dt>{t`Transaction`}</dt>
        <dd>{row.tx_hash}</dd>
        <dt>{t`Seen`}</dt>
        <dd>{formatDateTime(row.created_at)}</dd>
        <dt>{t`Status`}</dt>
        <dd>{row.status}</dd>
        {row.reason && (
          <>
            <dt>{t`Reason given to the user`}</dt>
            <dd>{row.reason}</dd>
          </>
        )}
        {row.credit_attempts > 0 && (
          <>
            <dt>{t`Failed credits`}</dt>
            <dd>{`${row.credit_attempts}: ${row.last_error ?? ''}`}</dd>
          </>
        )}
        {row.decided_by && (
          <>
            <dt>{t`Decided by`}</dt>
            <dd>{`${row.decided_by} · ${row.decided_at ? formatDateTime(row.decided_at) : ''}`}</dd>
          </>
        )}
      </dl>
      {decidable && (
        <>
          <h3 className="admin-subtitle">
            <Trans>Decision</Trans>
          </h3>
          {open && (
            <p className="muted">
              <Trans>The watcher still retries this deposit: it can be refused here, and is credited by the watcher once the cause is fixed.</Trans>
            </p>
          )}
          <DecisionForm
            id="admin-deposit-decision"
            withCode
            reasonMax={WITHDRAWAL_REASON_MAX}
            reasonHint={t`Crediting needs the authenticator code. On a refusal the user reads this reason in their deposit history.`}
            labels={{ approve: t`Credit`, reject: t`Refuse` }}
            submit={(decision, reason, code) =>
              decision === 'approve'
                ? creditDeposit(row.id, { reason, totp_code: code, ...(unclaimed ? { user_id: userId.trim() } : {}) })
                : refuseDeposit(row.id, { reason })
            }
            onDecided={onClose}
          >
            {unclaimed && (
              <>
                <label htmlFor="admin-deposit-user">{t`Credit to the user (their id, from the Users panel)`}</label>
                <input id="admin-deposit-user" value={userId} onChange={(e) => setUserId(e.target.value)} autoComplete="off" spellCheck={false} />
              </>
            )}
          </DecisionForm>
        </>
      )}
    </section>
  );
}

/** The deposits the watcher did not credit (docs/operators.md): treasury credits or refuses them. */
export function DepositsPanel() {
  const { t } = useLingui();
  const viewLabel = useViewLabel();
  const q = useReviewQueue<DepositReviewView, AdminDepositRow, AdminDepositRow>('admin-deposits', 'below_minimum', fetchDepositQueue);

  if (q.selected) {
    return (
      <DepositView
        row={q.selected}
        onClose={(decided) => {
          q.setSelected(null);
          if (decided) {
            q.setNotice(decided === 'approve' ? t`The deposit was credited to the user.` : t`The deposit was refused: the user reads the reason.`);
            q.queue.reload();
          }
        }}
      />
    );
  }
  return (
    <ReviewQueue
      id="admin-deposits"
      statusId="admin-deposit-view-select"
      title={<Trans>Deposits</Trans>}
      statuses={DEPOSIT_REVIEW_VIEWS}
      statusLabel={viewLabel}
      state={q}
      loadingLabel={t`Loading the deposits`}
      errorLabel={t`The deposits could not be loaded.`}
      empty={<Trans>No deposit here.</Trans>}
      row={(d) => ({ key: d.id, label: `${formatBalance(d.amount)} ${d.symbol}`, detail: `${d.email ?? t`No user`} · ${d.network} · ${formatDateTime(d.created_at)}`, open: () => q.setSelected(d) })}
    />
  );
}
