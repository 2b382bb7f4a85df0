import { useState } from 'react';
import { assetsMessages as m } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchLedgerHistory } from '../../shared/api/wallets';
import { fetchBalances } from '../../shared/api/balances';
import { useAsync } from '../../shared/hooks/useAsync';
import { scopes } from '../../shared/query/keys';
import { readSession } from '../../shared/session/session';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { useRovingFocus } from '../../shared/ui/useRovingFocus';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { Spinner } from '../../shared/ui/Spinner';
import { useContractText } from '../../shared/i18n/contractText';
import '../../shared/ui/wallet.css';
import { OverviewTab } from './OverviewTab';
import { TradingTab } from './TradingTab';
import { toHoldings } from './holdings';
import './assets.css';

type Tab = 'overview' | 'trading';

function WalletAssets({ uid }: { uid: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [tab, setTab] = useState<Tab>('trading');
  const wallets = useAsync(scopes.walletBalances, String(uid), (signal) => fetchBalances(uid, signal));
  const history = useAsync(scopes.ledgerHistory, tab === 'overview' ? String(uid) : null, (signal) => fetchLedgerHistory(uid, signal));
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });

  let content;
  if (wallets.status === 'error') {
    content = (
      <div className="card wallet-state" role="alert">
        <span className="field-error">{contractText(m.walletFailed)}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={wallets.reload}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  } else if (wallets.data === null) {
    content = (
      <div className="card wallet-state">
        <Spinner label={t`Loading assets`} />
      </div>
    );
  } else {
    const { assets, totals } = wallets.data;
    const holdings = toHoldings(assets);
    content =
      tab === 'overview' ? (
        <OverviewTab totals={totals} holdings={holdings} history={history} />
      ) : (
        <TradingTab totals={totals} holdings={holdings} />
      );
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={t`Assets view`} {...tabs}>
        {(['overview', 'trading'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`tabs__tab${tab === name ? ' is-active' : ''}`}
            onClick={() => setTab(name)}
          >
            {name === 'overview' ? <Trans>Overview</Trans> : <Trans>Trading</Trans>}
          </button>
        ))}
      </div>
      {content}
    </>
  );
}

/** The assets page of spec 2 §2: Overview and Trading tabs over the user's wallets. */
export default function AssetsPage() {
  const { t } = useLingui();
  const contractText = useContractText();
  const session = readSession();
  usePageTitle(t`Assets`);
  return (
    <div className="container wallet-page">
      <h1 className="wallet-page__title">
        <Trans>Assets</Trans>
      </h1>
      {!session && <LoginPrompt title={t`Log in to view your assets`} text={t`Your balances, transfers and allocation appear here once you log in.`} />}
      {session && session.uid === null && <LoginPrompt title={contractText(m.userIdMissing)} text={t`Log in again to load your wallets.`} />}
      {session && session.uid !== null && <WalletAssets uid={session.uid} />}
    </div>
  );
}
