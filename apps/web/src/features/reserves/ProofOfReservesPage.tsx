import { Trans, useLingui } from '@lingui/react/macro';
import type { ReservesSnapshot } from '@exchange/contract';
import { dateFormat } from '../../shared/format/date';
import { formatExact, formatFixed, numberFormat } from '../../shared/format/number';
import { useAsync } from '../../shared/hooks/useAsync';
import { useSession } from '../../shared/session/useSession';
import { LoadState } from '../../shared/ui/LoadState';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import '../../shared/ui/wallet.css';
import { fetchLatestReserves, fetchReservesHistory } from './api';
import { ReserveAddresses } from './ReserveAddresses';
import { VerifyMyBalance } from './VerifyMyBalance';
import './reserves.css';

const when = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
const ratio = (value: string | null) => (value === null ? '—' : numberFormat({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value)));

function AssetTable({ snapshot }: { snapshot: ReservesSnapshot }) {
  const { t } = useLingui();
  return (
    <div className="por-table-wrap">
      <table className="por-table">
        <caption className="sr-only">{t`Totals, reserves and ratio per asset`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Asset`}</th>
            <th scope="col">{t`Users hold`}</th>
            <th scope="col">{t`Reserves`}</th>
            <th scope="col">{t`Ratio`}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.assets.map((a) => (
            <tr key={a.asset}>
              <th scope="row">{a.asset}</th>
              <td>{formatExact(a.total)}</td>
              <td>{formatExact(a.reserves)}</td>
              <td>{ratio(a.ratio)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /proof-of-reserves (issue 44): the latest snapshot's root and figures, its history, and a user's own check. */
export default function ProofOfReservesPage() {
  const { t } = useLingui();
  usePageTitle(t`Proof of Reserves`);
  const session = useSession();
  const latest = useAsync('reserves', 'latest', (signal) => fetchLatestReserves(signal));
  const history = useAsync('reserves', 'history', (signal) => fetchReservesHistory(signal));
  const snapshot = latest.status === 'ready' ? latest.data?.snapshot : undefined;
  return (
    <div className="container wallet-page por-page">
      <h1 className="wallet-page__title">
        <Trans>Proof of Reserves</Trans>
      </h1>
      <p className="muted">
        <Trans>Every user&apos;s balances are the leaves of a Merkle sum tree: each node commits to its children and their sums, so the published root fixes every balance and the total. Check that yours is counted, and compare the total with what the exchange holds on chain.</Trans>
      </p>
      <LoadState status={latest.status} loadingLabel={t`Loading the latest snapshot`} error={<span>{t`The proof of reserves could not be loaded.`}</span>} retryLabel={t`Try Again`} onRetry={latest.reload} />
      {snapshot === null && (
        <div className="card wallet-state">
          <strong>
            <Trans>No snapshot has been taken yet.</Trans>
          </strong>
          <span className="muted">
            <Trans>A snapshot is taken every day at 00:00 UTC.</Trans>
          </span>
        </div>
      )}
      {snapshot && (
        <>
          <section className="card por-root" aria-labelledby="por-root-title">
            <h2 id="por-root-title">
              <Trans>Latest snapshot</Trans>
            </h2>
            <dl className="por-facts">
              <dt>{t`Taken at`}</dt>
              <dd>{when(snapshot.taken_at)} UTC</dd>
              <dt>{t`Users counted`}</dt>
              <dd>{formatFixed(snapshot.users, 0)}</dd>
              <dt>{t`Root hash`}</dt>
              <dd>
                <code className="por-hash" data-testid="por-root">
                  {snapshot.root_hash}
                </code>
              </dd>
            </dl>
            <AssetTable snapshot={snapshot} />
          </section>
          {session?.uid ? (
            <VerifyMyBalance uid={session.uid} publishedRoot={snapshot.root_hash} />
          ) : (
            <p className="card por-verify muted">
              <Trans>Log in to verify that your balance is counted.</Trans>
            </p>
          )}
        </>
      )}
      <ReserveAddresses />
      <section className="card" aria-labelledby="por-history-title">
        <h2 id="por-history-title">
          <Trans>History</Trans>
        </h2>
        <LoadState status={history.status} loadingLabel={t`Loading the history`} error={<span>{t`The history could not be loaded.`}</span>} retryLabel={t`Try Again`} onRetry={history.reload} />
        {history.status === 'ready' && history.data?.items.length === 0 && (
          <p className="muted">
            <Trans>No snapshot has been taken yet.</Trans>
          </p>
        )}
        {history.status === 'ready' && (history.data?.items.length ?? 0) > 0 && (
          <ul className="por-history">
            {history.data?.items.map((s) => (
              <li key={s.id}>
                <span>{when(s.taken_at)} UTC</span>
                <code className="por-hash">{s.root_hash}</code>
                <span className="muted">{s.assets.length > 0 ? s.assets.map((a) => `${a.asset} ${formatExact(a.total)}`).join(' · ') : t`Nobody held anything`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
