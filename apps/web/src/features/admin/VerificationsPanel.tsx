import { Trans, useLingui } from '@lingui/react/macro';
import { KYC_QUEUE_STATUSES, OPERATOR_REASON_MAX, type AdminKycRow, type KycQueueStatus } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { decideKyc, fetchKycQueue, fetchKycSubmission } from './api';
import { DecisionForm, type Decision } from './DecisionForm';
import { DocumentImage } from './DocumentImage';
import { ReviewHeader, ReviewQueue, useReviewQueue } from './ReviewQueue';

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
      <ReviewHeader id="admin-kyc-view" title={<Trans>Verification</Trans>} onBack={() => onClose(null)} />
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
  const q = useReviewQueue<KycQueueStatus, AdminKycRow, string>('admin-kyc', 'pending', fetchKycQueue);

  if (q.selected) {
    return (
      <SubmissionView
        userId={q.selected}
        onClose={(decided) => {
          q.setSelected(null);
          if (decided) {
            q.setNotice(decided === 'approve' ? t`The verification was approved.` : t`The verification was rejected.`);
            q.queue.reload();
          }
        }}
      />
    );
  }
  return (
    <ReviewQueue
      id="admin-kyc"
      statusId="admin-kyc-status"
      title={<Trans>Verifications</Trans>}
      statuses={KYC_QUEUE_STATUSES}
      statusLabel={statusLabel}
      state={q}
      loadingLabel={t`Loading the verifications`}
      errorLabel={t`The verifications could not be loaded.`}
      empty={<Trans>No verification here.</Trans>}
      row={(r) => ({ key: `${r.user_id}-${r.submitted_at}`, label: r.email, detail: `${r.document_type} · ${formatDateTime(r.submitted_at)}`, open: () => q.setSelected(r.user_id) })}
    />
  );
}
