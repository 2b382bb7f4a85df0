import { useState } from 'react';
import { assetsMessages as m, type WalletBalancesResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCurrency } from '../../shared/format/balance';
import { useContractText } from '../../shared/i18n/contractText';
import type { Holding } from './holdings';
import { CoinsTable } from './CoinsTable';
import { WalletSummary } from '../../shared/wallet/WalletSummary';

type SubTab = 'coins' | 'earn';

/** The Trading tab: the account's value by wallet (available, held, total), then the Coins and Earn sub-tabs (spec 2 §2). */
export function TradingTab({ totals, holdings }: { totals: WalletBalancesResponse['totals']; holdings: Holding[] }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [sub, setSub] = useState<SubTab>('coins');
  return (
    <>
      <section className="card wallet-card assets-value" aria-label={t`Account value`}>
        <span className="muted">
          <Trans>Account value</Trans>
        </span>
        <strong className="assets-value__total" data-testid="account-total">
          {formatCurrency(totals.total)} <span className="assets-value__unit">USDT</span>
        </strong>
        <WalletSummary totals={totals} />
      </section>
      <section className="card wallet-card">
        <div className="tabs assets-subtabs" role="tablist" aria-label={t`Holdings`}>
          {(['coins', 'earn'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={sub === tab}
              className={`tabs__tab${sub === tab ? ' is-active' : ''}`}
              onClick={() => setSub(tab)}
            >
              {tab === 'coins' ? <Trans>Coins</Trans> : <Trans>Earn</Trans>}
            </button>
          ))}
        </div>
        {sub === 'coins' ? <CoinsTable holdings={holdings} /> : <div className="wallet-state muted">{contractText(m.comingSoon)}</div>}
      </section>
    </>
  );
}
