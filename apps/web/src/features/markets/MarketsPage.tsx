import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCoins } from '../../shared/market/useCoins';
import { useTickers } from '../../shared/market/useTickers';
import { withTicker } from '../../shared/market/ticker';
import { searchCoins } from '../../shared/market/coinSearch';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import type { MarketClient } from '../../shared/market/client';
import type { PublicSocket } from '../../shared/market/publicSocket';
import { MarketsTable } from './MarketsTable';
import './markets.css';

/** Polling keeps list membership current and covers a dropped socket; prices move with the tickers channel. */
export const MARKETS_REFRESH_MS = 5000;
/** More subscriptions than this would cost the server more than a faster poll would. */
const MAX_LIVE_SUBSCRIPTIONS = 100;

interface MarketsPageProps {
  client?: Pick<MarketClient, 'fetchCoins'>;
  socket?: PublicSocket;
}

/** Markets (spec 3 §2): the Crypto tab, a symbol/name search and the live coin table. */
export default function MarketsPage({ client, socket }: MarketsPageProps) {
  const { t } = useLingui();
  const { coins, status, reload } = useCoins({ refreshMs: MARKETS_REFRESH_MS, client });
  const [query, setQuery] = useState('');
  usePageTitle(t`Markets`);
  const matches = useMemo(() => searchCoins(coins, query), [coins, query]);
  const symbols = useMemo(() => matches.slice(0, MAX_LIVE_SUBSCRIPTIONS).map((coin) => coin.symbol), [matches]);
  const tickers = useTickers(symbols, socket);
  const live = matches.map((coin) => withTicker(coin, tickers[coin.symbol.toUpperCase()]));

  return (
    <div className="container markets-page">
      <h1 className="markets-page__title">
        <Trans>Markets</Trans>
      </h1>
      <div className="markets-page__bar">
        <div className="tabs markets-page__tabs" role="tablist" aria-label={t`Market type`}>
          <button type="button" role="tab" aria-selected className="tabs__tab is-active">
            <Trans>Crypto</Trans>
          </button>
        </div>
        <label className="markets-search">
          <Search size={16} aria-hidden />
          <span className="sr-only">
            <Trans>Search coins</Trans>
          </span>
          <input
            type="search"
            className="markets-search__input"
            placeholder={t`Search coin name or symbol`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
      </div>
      <MarketsTable coins={live} status={status} query={query} onRetry={reload} />
    </div>
  );
}
