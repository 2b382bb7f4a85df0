import type { OkxOrderAck, OkxPlaceOrderBody, PlaceOrderQuery } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { coinByInstId, type Coin } from '../../shared/catalogue.js';
import { Dec, roundToStep } from '../../shared/decimal.js';
import { parsePlaceOrder, type SpotTrading } from '../spot/index.js';
import { bindClientId, releaseClientId, reserveClientId } from './client-ids.js';
import { refusalOf, refusals, type OrderRefusal } from './order-codes.js';
import type { MarketHalts } from '../../venue/market-halts.js';

export interface PlaceDeps {
  db: Database;
  trading: SpotTrading;
  now: () => Date;
  /** The coin's last trade price, which sizes the base amount a market buy in USDT is shown with. */
  lastPrice: (symbol: string) => string | undefined;
  /** Amending is cancel and replace: on a halted market it is refused before the cancel. */
  halts: Pick<MarketHalts, 'assertOpen'>;
}

const TIF = { limit: 'GTC', post_only: 'POST_ONLY', ioc: 'IOC', fok: 'FOK' } as const;

/**
 * A market buy whose `sz` counts USDT (tgtCcy quote_ccy, OKX's default for it): the spot service
 * spends at most `sz` (total_in_usdt); the base amount it is stored with is `sz` at the last price,
 * on the lot grid (one lot at least), since what it buys is known only once it filled.
 */
function quoteBuy(coin: Coin, sz: string, lastPrice: string | undefined): PlaceOrderQuery | OrderRefusal {
  if (!lastPrice || new Dec(lastPrice).lte(0)) return refusals.parameter('tgtCcy');
  const amount = Dec.max(roundToStep(new Dec(sz).div(lastPrice), coin.lot_size, Dec.ROUND_DOWN), coin.lot_size).toFixed();
  return { apikey: '', uid: 0, coin_id: coin.pair_id, order_type: 'buy', excecution_type: 'market', amount, total_in_usdt: sz };
}

/** The spot order an OKX order asks for, or why OKX would refuse it. */
function spotQuery(body: OkxPlaceOrderBody, lastPrice: PlaceDeps['lastPrice']): PlaceOrderQuery | OrderRefusal {
  const coin = coinByInstId(body.instId);
  if (!coin) return refusals.instrument();
  // Spot here is cash only: no margin trading (docs/trading-api.md).
  if (body.tdMode !== 'cash') return refusals.parameter('tdMode');
  if (body.ordType === 'market') {
    // A market buy's sz counts the quote unless tgtCcy is base_ccy (ccxt sends base_ccy unless told otherwise).
    if (body.side === 'buy' && body.tgtCcy !== 'base_ccy') return quoteBuy(coin, body.sz, lastPrice(coin.symbol));
    return { apikey: '', uid: 0, coin_id: coin.pair_id, order_type: body.side, excecution_type: 'market', amount: body.sz };
  }
  if (!body.px) return refusals.parameter('px');
  return {
    apikey: '',
    uid: 0,
    coin_id: coin.pair_id,
    order_type: body.side,
    excecution_type: 'limit',
    price: body.px,
    amount: body.sz,
    time_in_force: TIF[body.ordType],
  };
}

/**
 * Places one order of a v5 call and answers it in OKX's per-order words. The clOrdId is taken
 * before the order goes to the spot service, so a repeated one is refused (51016) and never placed twice.
 */
export async function placeOkxOrder(deps: PlaceDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  const clOrdId = body.clOrdId ?? '';
  const tag = body.tag ?? '';
  const ack = (ordId: string, r: OrderRefusal) => ({ ordId, clOrdId, tag, ts: String(deps.now().getTime()), ...r });
  const query = spotQuery(body, deps.lastPrice);
  if ('sCode' in query) return ack('', query);
  const reservation = clOrdId || tag ? await reserveClientId(deps.db, userId, { clOrdId, tag }, deps.now()) : undefined;
  if (reservation === null) return ack('', refusals.duplicateClOrdId());
  let orderId: string;
  try {
    orderId = (await deps.trading.place(parsePlaceOrder(query, userId))).answer.order_id;
  } catch (err) {
    if (reservation) await releaseClientId(deps.db, reservation);
    return ack('', refusalOf(err));
  }
  if (reservation) await bindClientId(deps.db, reservation, orderId);
  return ack(orderId, { sCode: '0', sMsg: 'Order placed' });
}
