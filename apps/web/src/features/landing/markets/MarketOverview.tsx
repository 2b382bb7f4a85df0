import { useMemo } from 'react';
import { TRENDING_LIMIT } from '@exchange/contract';
import { useCoins } from '../../../shared/market/useCoins';
import { useTickers } from '../../../shared/market/useTickers';
import { withTicker } from '../../../shared/market/ticker';
import type { MarketClient } from '../../../shared/market/client';
import type { PublicSocket } from '../../../shared/market/publicSocket';
import { TickerStrip, TICKER_SYMBOLS } from './TickerStrip';
import { TrendingTable } from './TrendingTable';
import './MarketOverview.css';

export const OVERVIEW_REFRESH_MS = 5000;

interface MarketOverviewProps {
  /** Injected by tests; both must be stable. */
  client?: Pick<MarketClient, 'fetchCoins'>;
  socket?: PublicSocket;
}

export function MarketOverview({ client, socket }: MarketOverviewProps) {
  const { coins, status } = useCoins({ refreshMs: OVERVIEW_REFRESH_MS, client });
  const trending = coins.slice(0, TRENDING_LIMIT);
  const symbols = useMemo(
    () => [...TICKER_SYMBOLS, ...coins.slice(0, TRENDING_LIMIT).map((coin) => coin.symbol)],
    [coins],
  );
  const tickers = useTickers(symbols, socket);
  const live = trending.map((coin) => withTicker(coin, tickers[coin.symbol.toUpperCase()]));
  const bySymbol = new Map(coins.map((coin) => [coin.symbol.toUpperCase(), withTicker(coin, tickers[coin.symbol.toUpperCase()])]));

  return (
    <div className="container market-overview">
      <TickerStrip coins={bySymbol} />
      <TrendingTable coins={live} status={status} />
    </div>
  );
}
