import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { spotMessages, type OrderSide } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCoins } from '../../shared/market/useCoins';
import { useTickers } from '../../shared/market/useTickers';
import { withTicker } from '../../shared/market/ticker';
import type { MarketClient } from '../../shared/market/client';
import type { PublicSocket } from '../../shared/market/publicSocket';
import { isSignedInForTrading, readSession } from '../../shared/session/session';
import { PHONE_QUERY, useMediaQuery } from '../../shared/ui/useMediaQuery';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useAfterFirstPaint } from '../../shared/ui/useAfterFirstPaint';
import { useIdleAfter } from '../../shared/ui/useIdleAfter';
import { formatPrice } from '../../shared/format/price';
import { useComingSoon } from '../../shared/coming-soon/ComingSoonProvider';
import { GuidedTour } from '../../shared/tour';
import { useContractText } from '../../shared/i18n/contractText';
import { spotTradingTour, spotTradingTourKey } from './tour/spotTradingTour';
import { OrderBook } from '../../shared/trading/order-book/OrderBook';
import { useCoinParam } from '../../shared/trading/useCoinParam';
import { prefetchSpotData } from './data/prefetchSpotData';
import { invalidateBalances, useSpotWallet } from './data/useSpotWallet';
import { useFillMarkers } from './data/useFillMarkers';
import { createBookTopStore, useBookShown } from '../../shared/trading/bookTop';
import { createBookStore } from '../../shared/trading/bookStore';
import { FavouritesBar } from '../../shared/trading/favourites/FavouritesBar';
import { useFavourites } from '../../shared/trading/favourites/useFavourites';
import { TradeForm, type PickedPrice } from './form/TradeForm';
import { CoinHeader } from './header/CoinHeader';
import { MobileTradeBar } from '../../shared/trading/MobileTradeBar';
import { BottomTabs } from './orders/BottomTabs';
import { usePrivateEvents } from '../../shared/hooks/usePrivateEvents';
import '../../shared/trading/trading.css';

const PriceChart = lazy(() => import('../../shared/chart/PriceChart'));

/** Orders and fills change the balances, the open orders and the chart's fill markers. */
const PRIVATE_CHANNELS = ['orders', 'fills'] as const;

// Runs when this page's code has arrived, in a task after the one that evaluates it (checking the
// coin list written into the page is tens of milliseconds on a slow phone): its first requests need
// not wait for its first render.
if (window.location.pathname === '/spot-trading') setTimeout(() => prefetchSpotData(window.location.search), 0);

/** The chart waits at most this long after the first paint for the order book. */
const CHART_BOOK_WAIT_MS = 3000;
/** Coin prices poll while the tickers channel moves the header live. */
const COINS_REFRESH_MS = 30_000;

interface SpotTradingPageProps {
  client?: Pick<MarketClient, 'fetchCoins'>;
  socket?: PublicSocket;
}

/** /spot-trading: market info, favourites, chart, order book, trade form and the user's orders. */
export default function SpotTradingPage({ client, socket }: SpotTradingPageProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const { coins, status, error } = useCoins({ refreshMs: COINS_REFRESH_MS, client });
  const { coin: baseCoin, selectCoin } = useCoinParam(coins);
  const tickers = useTickers(baseCoin ? [baseCoin.symbol] : [], socket);
  const coin = baseCoin ? withTicker(baseCoin, tickers[baseCoin.symbol.toUpperCase()]) : null;
  const favourites = useFavourites(coins);
  const openComingSoon = useComingSoon();
  const phone = useMediaQuery(PHONE_QUERY);

  const signedIn = isSignedInForTrading();
  const session = useMemo(() => (signedIn ? readSession() : null), [signedIn]);
  const uid = session?.uid ?? null;
  const [refresh, setRefresh] = useState(0);
  const bump = useCallback(() => setRefresh((value) => value + 1), []);
  // The push itself makes the cached wallets stale; an order placed or canceled here does it by hand.
  usePrivateEvents(session?.token ?? null, PRIVATE_CHANNELS, bump);
  const changed = useCallback(() => {
    if (uid !== null) void invalidateBalances(uid);
    bump();
  }, [uid, bump]);
  const balances = useSpotWallet(signedIn ? uid : null, coin?.id ?? null);
  const fillMarkers = useFillMarkers(signedIn ? uid : null, coin?.id ?? null, refresh);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const pickPrice = useCallback((price: string) => setPicked((previous) => ({ price, seq: (previous?.seq ?? 0) + 1 })), []);
  const [bookTop] = useState(createBookTopStore);
  const [bookStore] = useState(createBookStore);
  // The chart (its chunk and first draw), the orders and the help come after the price and book show.
  const painted = useAfterFirstPaint(coin !== null);
  // The chart's first draw is a long task: it waits for the book to show and the main thread to go idle.
  const bookShown = useBookShown(bookTop, coin?.symbol);
  const chartDue = useIdleAfter(painted, bookShown, CHART_BOOK_WAIT_MS);
  // As exchanges do, the tab shows the pair and its live price.
  usePageTitle(...(coin ? [`${coin.symbol}/${coin.pair_name} ${formatPrice(coin.price)}`, t`Spot`] : [t`Spot`]));

  if (!coin) {
    return (
      <div className="spot-page spot-page--status">
        {status === 'loading' ? (
          <p className="spot-card muted" role="status">
            {contractText(spotMessages.loadingCoin)}
          </p>
        ) : (
          <p className="spot-card spot-card--error" role="alert">
            {contractText(error ?? spotMessages.loadCoinsFailed)}
          </p>
        )}
      </div>
    );
  }

  const { symbol } = coin;
  const chartLoading = (
    <p className="spot-panel__loading muted">
      <Trans>Loading chart...</Trans>
    </p>
  );

  const renderForm = (side?: OrderSide) => (
    <TradeForm
      key={coin.id}
      symbol={coin.symbol}
      coinPairId={coin.id}
      lastPrice={coin.price}
      tickSize={coin.tick_size}
      lotSize={coin.lot_size}
      bookTop={bookTop}
      uid={uid}
      signedIn={signedIn}
      balances={balances}
      side={side}
      pickedPrice={picked}
      onPlaced={changed}
    />
  );

  return (
    <div className="spot-page">
      <div className="spot-page__header">
        <CoinHeader
          coin={coin}
          coins={coins}
          favourite={favourites.symbols.includes(coin.symbol)}
          onSelect={selectCoin}
          onToggleFavourite={() => favourites.toggle(coin.symbol)}
          onComingSoon={openComingSoon}
        />
      </div>
      <div className="spot-page__favs">
        <FavouritesBar coins={coins} symbols={favourites.symbols} activeId={coin.id} onSelect={selectCoin} />
      </div>
      <section className="spot-page__chart spot-panel" aria-label={t`Chart`} data-tour="chart">
        <Suspense fallback={chartLoading}>
          {chartDue ? (
            <PriceChart
              symbol={coin.symbol}
              layoutName="spot"
              bookStore={bookStore}
              defaultResolution="1"
              defaultStyle="candles"
              socket={socket}
              markers={fillMarkers}
            />
          ) : (
            chartLoading
          )}
        </Suspense>
      </section>
      <div className="spot-page__book spot-panel" data-tour="order-book">
        <OrderBook symbol={coin.symbol} onPriceClick={pickPrice} bookTop={bookTop} bookStore={bookStore} />
      </div>
      {!phone && (
        <section className="spot-page__form spot-panel" aria-label={t`Trade`} data-tour="trade-form">
          {renderForm()}
        </section>
      )}
      <div className="spot-page__tabs">
        {painted ? <BottomTabs uid={uid} signedIn={signedIn} refresh={refresh} onChanged={changed} /> : <div className="spot-tabs" />}
      </div>
      {phone && (
        <MobileTradeBar<OrderSide>
          sides={[
            { value: 'buy', tone: 'buy', label: t`Buy`, title: t`Buy ${symbol}` },
            { value: 'sell', tone: 'sell', label: t`Sell`, title: t`Sell ${symbol}` },
          ]}
          renderForm={renderForm}
        />
      )}
      {painted && <GuidedTour steps={spotTradingTour} storageKey={spotTradingTourKey} finishLabel={t`Start Trading`} />}
    </div>
  );
}
