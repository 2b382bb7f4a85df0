import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEPOSIT_REVIEW_VIEWS, WITHDRAWAL_REASON_MAX, type AdminDepositRow, type DepositReviewView } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatBalance } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { creditDeposit, fetchDepositQueue, refuseDeposit } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { Pager, PAGE_SIZE } from './Pager';

function useViewLabel() {
  const { t } = useLingui();
  return (view: DepositReviewView) =>
    ({
      below_minimum: t`Below the minimum`,
      rejected: t`Refused by the watcher`,
      failing: t`Failing to credit`,
      decided: t`Decided by an operator`,
    })[view];
}

function DepositView({ row, onClose }: { row: AdminDepositRow; onClose: (decided: Decision | null) => void }) {
  const { t } = useLingui();
  const open = row.status === 'submitted' || row.status === 'accepted';
  const decidable = row.decided_at === null && (row.status === 'skipped' || row.status === 'rejected' || open);
  return (
    <section className="card wallet-card" aria-labelledby="admin-deposit-view">
      <div className="admin-row">
        <h2 id="admin-deposit-view" className="wallet-card__title">
          <Trans>Deposit</Trans>
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
        <dt>{t`Network`}</dt>
        <dd>{row.network}</dd>
        <dt>{t`Address`}</dt>
        <dd>{row.address}</dd>
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
            submit={(decision, reason, code) => (decision === 'approve' ? creditDeposit(row.id, { reason, totp_code: code }) : refuseDeposit(row.id, { reason }))}
            onDecided={onClose}
          />
        </>
      )}
    </section>
  );
}

/** The deposits the watcher did not credit (docs/operators.md): treasury credits or refuses them. */
export function DepositsPanel() {
  const { t } = useLingui();
  const viewLabel = useViewLabel();
  const [view, setView] = useState<DepositReviewView>('below_minimum');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<AdminDepositRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useAsync('admin-deposits', `${view}:${offset}`, (signal) => fetchDepositQueue({ status: view, offset, limit: PAGE_SIZE }, signal));

  if (selected) {
    return (
      <DepositView
        row={selected}
        onClose={(decided) => {
          setSelected(null);
          if (decided) {
            setNotice(decided === 'approve' ? t`The deposit was credited to the user.` : t`The deposit was refused: the user reads the reason.`);
            queue.reload();
          }
        }}
      />
    );
  }
  const rows = queue.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-deposits">
      <h2 id="admin-deposits" className="wallet-card__title">
        <Trans>Deposits</Trans>
      </h2>
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      <div className="admin-form">
        <label htmlFor="admin-deposit-view-select">{t`Show`}</label>
        <select
          id="admin-deposit-view-select"
          value={view}
          onChange={(e) => {
            setView(e.target.value as DepositReviewView);
            setOffset(0);
          }}
        >
          {DEPOSIT_REVIEW_VIEWS.map((v) => (
            <option key={v} value={v}>
              {viewLabel(v)}
            </option>
          ))}
        </select>
      </div>
      <LoadState
        status={queue.status}
        loadingLabel={t`Loading the deposits`}
        error={<span>{errorMessage(queue.error, t`The deposits could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={queue.reload}
      />
      {queue.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No deposit here.</Trans>
        </p>
      )}
      {queue.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((d) => (
            <li key={d.id}>
              <button type="button" className="admin-link" onClick={() => setSelected(d)}>
                {`${formatBalance(d.amount)} ${d.symbol}`}
              </button>
              <span className="muted">
                {d.email} · {d.network} · {formatDateTime(d.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} next={queue.data?.next_offset ?? null} onPage={setOffset} />
    </section>
  );
}
