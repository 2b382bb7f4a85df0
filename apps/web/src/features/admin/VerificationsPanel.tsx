import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { KYC_QUEUE_STATUSES, OPERATOR_REASON_MAX, type AdminKycRow, type KycQueueStatus } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { decideKyc, fetchKycQueue, fetchKycSubmission } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { DocumentImage } from './DocumentImage';
import { Pager, PAGE_SIZE } from './Pager';

function useStatusLabel() {
  const { t } = useLingui();
  return (status: KycQueueStatus) => ({ pending: t`Waiting for review`, approved: t`Approved`, rejected: t`Rejected` })[status];
}

function Decided({ at, by }: { at: string; by: string }) {
  const { t } = useLingui();
  const when = formatDateTime(at);
  return (
    <>
      <dt>{t`Decided`}</dt>
      <dd>{t`${when} by ${by}`}</dd>
    </>
  );
}

function SubmissionView({ userId, onClose }: { userId: string; onClose: (decided: Decision | null) => void }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const submission = useAsync('admin-kyc-submission', userId, (signal) => fetchKycSubmission(userId, signal));
  const data = submission.data;
  return (
    <section className="card wallet-card" aria-labelledby="admin-kyc-view">
      <div className="admin-row">
        <h2 id="admin-kyc-view" className="wallet-card__title">
          <Trans>Verification</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onClose(null)}>
          <Trans>Back to the list</Trans>
        </button>
      </div>
      <LoadState
        status={submission.status}
        loadingLabel={t`Loading the verification`}
        error={<span>{errorMessage(submission.error, t`The verification could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={submission.reload}
      />
      {submission.status === 'ready' && data && (
        <>
          <dl className="admin-details">
            <dt>{t`Email`}</dt>
            <dd>{data.email}</dd>
            <dt>{t`Name`}</dt>
            <dd>{data.name ?? t`Not given`}</dd>
            <dt>{t`Country`}</dt>
            <dd>{data.country ?? t`Not given`}</dd>
            <dt>{t`Document type`}</dt>
            <dd>{data.document_type}</dd>
            <dt>{t`Submitted`}</dt>
            <dd>{formatDateTime(data.submitted_at)}</dd>
            <dt>{t`Status`}</dt>
            <dd>{statusLabel(data.status)}</dd>
            {data.reviewed_at && <Decided at={data.reviewed_at} by={data.reviewed_by ?? ''} />}
            {data.rejection_reason && (
              <>
                <dt>{t`Reason given to the user`}</dt>
                <dd>{data.rejection_reason}</dd>
              </>
            )}
          </dl>
          <h3 className="admin-subtitle">
            <Trans>Documents</Trans>
          </h3>
          {data.documents === 0 ? (
            <p className="muted">
              <Trans>No documents.</Trans>
            </p>
          ) : (
            <div className="admin-documents">
              {Array.from({ length: data.documents }, (_, i) => (
                <DocumentImage key={i} userId={userId} index={i} />
              ))}
            </div>
          )}
          {data.status === 'pending' && (
            <>
              <h3 className="admin-subtitle">
                <Trans>Decision</Trans>
              </h3>
              <DecisionForm
                id="admin-kyc-decision"
                withCode={false}
                reasonMax={OPERATOR_REASON_MAX}
                reasonHint={t`On a rejection the user reads this reason and may submit again.`}
                submit={(decision, reason) => decideKyc(userId, { decision, reason })}
                onDecided={onClose}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

export function VerificationsPanel() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState<KycQueueStatus>('pending');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useAsync('admin-kyc', `${status}:${offset}`, (signal) => fetchKycQueue({ status, offset, limit: PAGE_SIZE }, signal));

  if (selected) {
    return (
      <SubmissionView
        userId={selected}
        onClose={(decided) => {
          setSelected(null);
          if (decided) {
            setNotice(decided === 'approve' ? t`The verification was approved.` : t`The verification was rejected.`);
            queue.reload();
          }
        }}
      />
    );
  }
  const rows: AdminKycRow[] | null = queue.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-kyc">
      <h2 id="admin-kyc" className="wallet-card__title">
        <Trans>Verifications</Trans>
      </h2>
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      <div className="admin-form">
        <label htmlFor="admin-kyc-status">{t`Status`}</label>
        <select
          id="admin-kyc-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as KycQueueStatus);
            setOffset(0);
          }}
        >
          {KYC_QUEUE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <LoadState
        status={queue.status}
        loadingLabel={t`Loading the verifications`}
        error={<span>{errorMessage(queue.error, t`The verifications could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={queue.reload}
      />
      {queue.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No verification here.</Trans>
        </p>
      )}
      {queue.status === 'ready' && rows && rows.length > 0 && (
        <ul className="admin-list">
          {rows.map((r) => (
            <li key={`${r.user_id}-${r.submitted_at}`}>
              <button type="button" className="admin-link" onClick={() => setSelected(r.user_id)}>
                {r.email}
              </button>
              <span className="muted">
                {r.document_type} · {formatDateTime(r.submitted_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} next={queue.data?.next_offset ?? null} onPage={setOffset} />
    </section>
  );
}
