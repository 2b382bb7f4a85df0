import { useState } from 'react';
import { accountAreaMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchBalances } from '../../../shared/api/balances';
import { useAsync } from '../../../shared/hooks/useAsync';
import { scopes } from '../../../shared/query/keys';
import { useSession } from '../../../shared/session/useSession';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import { LoadFailed } from '../LoadFailed';
import { UserIdMissing } from '../UserIdMissing';
import { PortfolioCard } from './PortfolioCard';
import { topAssets } from './portfolio';
import { QuickActions } from './QuickActions';
import { TopAssets } from './TopAssets';

function Overview({ uid }: { uid: number }) {
  const { t } = useLingui();
  const [hidden, setHidden] = useState(false);
  const wallets = useAsync(scopes.walletBalances, String(uid), (signal) => fetchBalances(uid, signal));
  if (wallets.status === 'error' && wallets.data === null) return <LoadFailed message={accountAreaMessages.walletFailed} onRetry={wallets.reload} />;
  if (wallets.data === null) {
    return (
      <div className="card account-state">
        <Spinner label={t`Loading your portfolio`} />
      </div>
    );
  }
  const { assets, totals } = wallets.data;
  return (
    <div className="account-overview">
      <PortfolioCard totals={totals} hidden={hidden} onToggle={() => setHidden((value) => !value)} />
      <QuickActions />
      <TopAssets assets={topAssets(assets)} hidden={hidden} />
    </div>
  );
}

/** /account/overview (spec 3 §2): portfolio, Quick Actions and Top Assets from GET /balances/{uid}, whose wallets show available, held and total (issue 40). */
export default function AccountOverviewPage() {
  const { t } = useLingui();
  usePageTitle(t`Account overview`);
  const session = useSession();
  return (
    <div className="container account-page">
      <h1 className="account-page__title">
        <Trans>Overview</Trans>
      </h1>
      {session?.uid == null ? <UserIdMissing /> : <Overview uid={session.uid} />}
    </div>
  );
}
