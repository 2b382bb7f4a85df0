import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { formatLocale } from '../../shared/format/locale';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { fetchSummary } from './api';

export function DashboardPanel() {
  const { t } = useLingui();
  const summary = useAsync('admin-summary', 'today', (signal) => fetchSummary(signal));
  const count = (n: number) => new Intl.NumberFormat(formatLocale()).format(n);
  return (
    <section className="card wallet-card" aria-labelledby="admin-dashboard">
      <h2 id="admin-dashboard" className="wallet-card__title">
        <Trans>Dashboard</Trans>
      </h2>
      <LoadState
        status={summary.status}
        loadingLabel={t`Loading the counts`}
        error={<span>{errorMessage(summary.error, t`The counts could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={summary.reload}
      />
      {summary.status === 'ready' && summary.data && (
        <dl className="admin-stats">
          <div>
            <dt>{t`Users`}</dt>
            <dd>{count(summary.data.users)}</dd>
          </div>
          <div>
            <dt>{t`Sign-ups today`}</dt>
            <dd>{count(summary.data.signups_today)}</dd>
          </div>
          <div>
            <dt>{t`Verifications waiting`}</dt>
            <dd>{count(summary.data.pending_kyc)}</dd>
          </div>
          <div>
            <dt>{t`Withdrawals waiting for review`}</dt>
            <dd>{count(summary.data.pending_withdrawals)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
