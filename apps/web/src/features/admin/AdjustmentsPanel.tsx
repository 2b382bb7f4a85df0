import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADJUSTMENT_STATUSES, type AdjustmentStatus, type AdminAdjustmentRow } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { fetchAdjustments } from './api';
import { AdjustmentDecision, ProposeForm, useDirectionLabel, useWalletLabel } from './AdjustmentForms';
import { Pager, PAGE_SIZE } from './Pager';

function useStatusLabel() {
  const { t } = useLingui();
  return (status: AdjustmentStatus) =>
    ({
      pending: t`Waiting for a second operator`,
      approved: t`Approved and booked`,
      rejected: t`Rejected`,
      cancelled: t`Cancelled by its proposer`,
    })[status];
}

// The exact amount, as booked: an operator checks it digit by digit.
const signed = (row: AdminAdjustmentRow) => `${row.direction === 'debit' ? '−' : '+'}${row.amount} ${row.asset}`;

function AdjustmentView({ row, me, onClose }: { row: AdminAdjustmentRow; me: string; onClose: (decided: AdminAdjustmentRow | null) => void }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const directionLabel = useDirectionLabel();
  const walletLabel = useWalletLabel();
  return (
    <section className="card wallet-card" aria-labelledby="admin-adjustment-view">
      <div className="admin-row">
        <h2 id="admin-adjustment-view" className="wallet-card__title">
          <Trans>Adjustment</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClose(null)}>
          <Trans>Back to the list</Trans>
        </button>
      </div>
      <dl className="admin-details">
        <dt>{t`User`}</dt>
        <dd>{`${row.email} (${row.user_id})`}</dd>
        <dt>{t`Amount`}</dt>
        <dd>{signed(row)}</dd>
        <dt>{t`Direction`}</dt>
        <dd>{directionLabel(row.direction)}</dd>
        <dt>{t`Wallet`}</dt>
        <dd>{walletLabel(row.wallet)}</dd>
        <dt>{t`Reason`}</dt>
        <dd>{row.reason}</dd>
        <dt>{t`Proposed`}</dt>
        <dd>{`${row.proposed_by} · ${formatDateTime(row.proposed_at)}`}</dd>
        <dt>{t`Status`}</dt>
        <dd>{statusLabel(row.status)}</dd>
        {row.decided_by && row.decided_at && (
          <>
            <dt>{t`Decided`}</dt>
            <dd>{`${row.decided_by} · ${formatDateTime(row.decided_at)}`}</dd>
          </>
        )}
        {row.decision_reason && (
          <>
            <dt>{t`Reason of the decision`}</dt>
            <dd>{row.decision_reason}</dd>
          </>
        )}
      </dl>
      {row.status === 'pending' && (
        <>
          <h3 className="admin-subtitle">
            <Trans>Decision</Trans>
          </h3>
          <AdjustmentDecision row={row} mine={row.proposed_by === me} onDecided={onClose} />
        </>
      )}
    </section>
  );
}

/** Four-eyes adjustments (docs/operators.md): the pending ones first, a proposal form, and each one's decision. */
export function AdjustmentsPanel({ me }: { me: string }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState<AdjustmentStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<AdminAdjustmentRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useAsync('admin-adjustments', `${status}:${offset}`, (signal) => fetchAdjustments({ status: status || undefined, offset, limit: PAGE_SIZE }, signal));

  if (selected) {
    return (
      <AdjustmentView
        row={selected}
        me={me}
        onClose={(decided) => {
          setSelected(null);
          if (decided) {
            setNotice(statusLabel(decided.status));
            list.reload();
          }
        }}
      />
    );
  }
  const rows = list.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-adjustments">
      <h2 id="admin-adjustments" className="wallet-card__title">
        <Trans>Adjustments</Trans>
      </h2>
      <p className="muted">
        <Trans>A manual credit or debit of a user’s wallet, booked only when a second operator approves it.</Trans>
      </p>
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      <div className="admin-form">
        <label htmlFor="admin-adjustment-status">{t`Status`}</label>
        <select
          id="admin-adjustment-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as AdjustmentStatus | '');
            setOffset(0);
          }}
        >
          <option value="">{t`All, waiting ones first`}</option>
          {ADJUSTMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <LoadState
        status={list.status}
        loadingLabel={t`Loading the adjustments`}
        error={<span>{errorMessage(list.error, t`The adjustments could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={list.reload}
      />
      {list.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No adjustment here.</Trans>
        </p>
      )}
      {list.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((a) => (
            <li key={a.id}>
              <button type="button" className="admin-link" onClick={() => setSelected(a)}>
                {signed(a)}
              </button>
              <span className="muted">
                {a.email} · {statusLabel(a.status)} · {formatDateTime(a.proposed_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} next={list.data?.next_offset ?? null} onPage={setOffset} />
      <ProposeForm
        onProposed={(row) => {
          setNotice(t`Adjustment proposed: another operator must approve it.`);
          setSelected(null);
          if (row.status === 'pending') list.reload();
        }}
      />
    </section>
  );
}
