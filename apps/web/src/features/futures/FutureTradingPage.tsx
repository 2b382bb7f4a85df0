import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { FUTURES_DEFAULT_LEVERAGE, futuresMessages, spotMessages, swapInstId, type FuturesSide } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCoins } from '../../shared/market/useCoins';
import { useTickers } from '../../shared/market/useTickers';
import { withTicker } from '../../shared/market/ticker';
import type { MarketClient } from '../../shared/market/client';
import type { PublicSocket } from '../../shared/market/publicSocket';
import { isSignedInForTrading, readSession } from '../../shared/session/session';
import { useMediaQuery } from '../../shared/ui/useMediaQuery';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { formatPrice } from '../../shared/format/price';
import { GuidedTour } from '../../shared/tour';
import { useContractText } from '../../shared/i18n/contractText';
import { createBookTopStore } from '../../shared/trading/bookTop';
import { createBookStore } from '../../shared/trading/bookStore';
import { DEFAULT_LOT } from '../../shared/trading/steps';
import { OrderBook } from '../../shared/trading/order-book/OrderBook';
import { useCoinParam } from '../../shared/trading/useCoinParam';
import { FavouritesBar } from '../../shared/trading/favourites/FavouritesBar';
import { useFavourites } from '../../shared/trading/favourites/useFavourites';
import { MobileTradeBar } from '../../shared/trading/MobileTradeBar';
import { useContracts } from './data/useContracts';
import { useDelayedRefresh } from './data/useDelayedRefresh';
import { useFuturesBalance } from './data/useFuturesBalance';
import { useLiquidationNotice } from './data/useLiquidationNotice';
import { usePositions } from './data/usePositions';
import { useFuturesLive } from './data/useFuturesLists';
import { FuturesTradeBox } from './form/FuturesTradeBox';
import type { PickedPrice } from './form/TradePanel';
import type { SideLeverage } from './form/LeverageControl';
import type { Tone } from './form/tone';
import { FuturesHeader } from './header/FuturesHeader';
import { lastPrice, referencePrice } from './header/headerFigures';
import { LiquidationNotice } from './LiquidationNotice';
import { FuturesTabs } from './orders/FuturesTabs';
import { futuresTradingTour, futuresTradingTourKey } from './tour/futuresTradingTour';
import '../../shared/trading/trading.css';

const PriceChart = lazy(() => import('../../shared/chart/PriceChart'));

const COINS_REFRESH_MS = 30_000;
const PHONE = '(max-width: 767px)';
/** Spec 2 §3's storage key of the futures favourites (with their timestamp). */
const FAVOURITES_KEY = 'future_favorites_bar_data';

interface FutureTradingPageProps {
  client?: Pick<MarketClient, 'fetchCoins'>;
  socket?: PublicSocket;
}

/** /future-trading: contract info, favourites, chart, the contract's book, the trade form and the positions. */
export default function FutureTradingPage({ client, socket }: FutureTradingPageProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const { coins, status, error } = useCoins({ refreshMs: COINS_REFRESH_MS, client });
  const { coin: baseCoin, selectCoin } = useCoinParam(coins);
  const tickers = useTickers(baseCoin ? [baseCoin.symbol] : [], socket);
  const coin = baseCoin ? withTicker(baseCoin, tickers[baseCoin.symbol.toUpperCase()]) : null;
  const favourites = useFavourites(coins, FAVOURITES_KEY);
  const phone = useMediaQuery(PHONE);
  const contracts = useContracts();
  const instId = coin ? swapInstId(coin.symbol) : '';
  const contract = contracts.find((item) => item.inst_id === instId) ?? null;

  const signedIn = isSignedInForTrading();
  const session = useMemo(() => (signedIn ? readSession() : null), [signedIn]);
  const uid = signedIn ? (session?.uid ?? null) : null;
  const [refresh, setRefresh] = useState(0);
  const bump = useCallback(() => setRefresh((value) => value + 1), []);
  const bumpAfterNotice = useDelayedRefresh(bump);
  const liquidations = useLiquidationNotice();
  const { report } = liquidations;
  const onLiquidated = useCallback(
    (rows: Parameters<typeof report>[0]) => {
      report(rows);
      bump();
    },
    [report, bump],
  );
  // One private socket for the page: its pushes make the Order History and the tabs' lists stale.
  const live = useFuturesLive(uid === null ? null : (session?.token ?? null));
  const positions = usePositions(uid, refresh, onLiquidated, live);
  const balance = useFuturesBalance(uid, coin?.id ?? null, refresh);
  const [leverage, setLeverageState] = useState<SideLeverage>({ long: FUTURES_DEFAULT_LEVERAGE, short: FUTURES_DEFAULT_LEVERAGE });
  const setLeverage = useCallback((side: FuturesSide, value: number) => setLeverageState((previous) => (previous[side] === value ? previous : { ...previous, [side]: value })), []);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const pickPrice = useCallback((price: string) => setPicked((previous) => ({ price, seq: (previous?.seq ?? 0) + 1 })), []);
  const [bookTop] = useState(createBookTopStore);
  const [bookStore] = useState(createBookStore);
  const mark = coin ? referencePrice(contract, coin.price) : 0;
  usePageTitle(...(coin ? [`${instId} ${formatPrice(lastPrice(contract, coin.price))}`, t`Futures`] : [t`Futures`]));
  const markPrice = contract?.mark_price ? Number(contract.mark_price) : null;
  // The chart draws the contract's own trades; its mark, what profit and liquidation are reckoned at, is a line over them.
  const markLine = useMemo(() => (markPrice === null ? null : { title: t`Mark price`, price: markPrice }), [markPrice, t]);

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
  const renderForm = (tone?: Tone) => (
    <FuturesTradeBox
      key={coin.id}
      symbol={symbol}
      referencePrice={mark}
      tickSize={contract?.tick_size ?? coin.tick_size}
      lotSize={contract?.lot_size ?? coin.lot_size ?? DEFAULT_LOT}
      bookTop={bookTop}
      uid={uid}
      signedIn={signedIn}
      available={balance.usdt}
      balanceFailed={balance.failed}
      positions={positions.rows}
      leverage={leverage}
      onLeverage={setLeverage}
      tone={tone}
      pickedPrice={picked}
      onPlaced={bumpAfterNotice}
    />
  );

  return (
    <div className="spot-page fut-page">
      <div className="spot-page__header">
        <FuturesHeader
          coin={coin}
          coins={coins}
          contract={contract}
          leverage={leverage}
          favourite={favourites.symbols.includes(symbol)}
          onSelect={selectCoin}
          onToggleFavourite={() => favourites.toggle(symbol)}
        />
      </div>
      <div className="spot-page__favs">
        <FavouritesBar coins={coins} symbols={favourites.symbols} activeId={coin.id} onSelect={selectCoin} emptyText={contractText(futuresMessages.noFavorites)} />
      </div>
      <LiquidationNotice rows={liquidations.liquidated} onClose={liquidations.dismiss} />
      <section className="spot-page__chart spot-panel" aria-label={t`Chart`} data-tour="chart">
        <Suspense
          fallback={
            <p className="spot-panel__loading muted">
              <Trans>Loading chart...</Trans>
            </p>
          }
        >
          <PriceChart symbol={symbol} instId={instId} line={markLine} layoutName="futures" bookStore={bookStore} defaultResolution="1" defaultStyle="candles" socket={socket} />
        </Suspense>
      </section>
      <div className="spot-page__book spot-panel" data-tour="order-book">
        <OrderBook
          symbol={symbol}
          instId={instId}
          noTradesText={contractText(futuresMessages.noTrades)}
          failureTitle={contractText(futuresMessages.bookUnavailable)}
          onPriceClick={pickPrice}
          bookTop={bookTop}
          bookStore={bookStore}
          lastPrice={contract?.last_price ? Number(contract.last_price) : null}
        />
      </div>
      {!phone && (
        <section className="spot-page__form spot-panel" aria-label={t`Trade`} data-tour="trade-form">
          {renderForm()}
        </section>
      )}
      <div className="spot-page__tabs">
        <FuturesTabs uid={uid} live={live} positions={positions} contracts={contracts} available={balance.failed ? undefined : (balance.usdt ?? undefined)} refresh={refresh} onChanged={bump} />
      </div>
      {phone && (
        <MobileTradeBar<Tone>
          sides={[
            { value: 'buy', tone: 'buy', label: t`Buy / Long`, title: t`Long ${symbol}` },
            { value: 'sell', tone: 'sell', label: t`Sell / Short`, title: t`Short ${symbol}` },
          ]}
          renderForm={renderForm}
        />
      )}
      <GuidedTour steps={futuresTradingTour} storageKey={futuresTradingTourKey} finishLabel={t`Start Trading`} />
    </div>
  );
}
