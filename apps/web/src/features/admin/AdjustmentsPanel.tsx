import { Trans, useLingui } from '@lingui/react/macro';
import { ADJUSTMENT_STATUSES, type AdjustmentStatus, type AdminAdjustmentRow } from '@exchange/contract';
import { formatDateTime } from '../../shared/format/wallet';
import { fetchAdjustments } from './api';
import { AdjustmentDecision, ProposeForm, useDirectionLabel, useWalletLabel } from './AdjustmentForms';
import { ReviewHeader, ReviewQueue, useReviewQueue } from './ReviewQueue';

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
      <ReviewHeader id="admin-adjustment-view" title={<Trans>Adjustment</Trans>} onBack={() => onClose(null)} />
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
  const q = useReviewQueue<AdjustmentStatus | '', AdminAdjustmentRow, AdminAdjustmentRow>('admin-adjustments', '', ({ status, ...page }, signal) =>
    fetchAdjustments({ status: status || undefined, ...page }, signal),
  );

  if (q.selected) {
    return (
      <AdjustmentView
        row={q.selected}
        me={me}
        onClose={(decided) => {
          q.setSelected(null);
          if (decided) {
            q.setNotice(statusLabel(decided.status));
            q.queue.reload();
          }
        }}
      />
    );
  }
  return (
    <ReviewQueue
      id="admin-adjustments"
      statusId="admin-adjustment-status"
      title={<Trans>Adjustments</Trans>}
      intro={<Trans>A manual credit or debit of a user’s wallet, booked only when a second operator approves it.</Trans>}
      statuses={['', ...ADJUSTMENT_STATUSES]}
      statusLabel={(s) => (s === '' ? t`All, waiting ones first` : statusLabel(s))}
      state={q}
      loadingLabel={t`Loading the adjustments`}
      errorLabel={t`The adjustments could not be loaded.`}
      empty={<Trans>No adjustment here.</Trans>}
      row={(a) => ({ key: a.id, label: signed(a), detail: `${a.email} · ${statusLabel(a.status)} · ${formatDateTime(a.proposed_at)}`, open: () => q.setSelected(a) })}
    >
      <ProposeForm
        onProposed={(row) => {
          q.setNotice(t`Adjustment proposed: another operator must approve it.`);
          q.setSelected(null);
          if (row.status === 'pending') q.queue.reload();
        }}
      />
    </ReviewQueue>
  );
}
