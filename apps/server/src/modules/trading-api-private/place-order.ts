import type { OkxOrderAck, OkxPlaceOrderBody, PlaceOrderQuery } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { coinByInstId, type Coin } from '../../shared/catalogue.js';
import { Dec, roundToStep } from '../../shared/decimal.js';
import { parsePlaceOrder, type SpotTrading } from '../spot/index.js';
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
 * Places the orders of one v5 call and answers each in OKX's per-order words. An order carries its
 * clOrdId and tag to the spot service, which refuses it (51016) while a live order of the user's has
 * that clOrdId and writes them with the order; a clOrdId repeated within the call is refused here.
 * The orders go to the spot service together, as one chain of ledger jobs: one batch writes them
 * all, and each order's checks still see the holds of the ones before it.
 */
export async function placeOkxOrders(deps: PlaceDeps, userId: string, bodies: readonly OkxPlaceOrderBody[]): Promise<OkxOrderAck[]> {
  const taken = new Set<string>();
  const queries = bodies.map((body): PlaceOrderQuery | OrderRefusal => {
    const query = spotQuery(body, deps.lastPrice);
    const clOrdId = body.clOrdId ?? '';
    if ('sCode' in query || clOrdId === '') return query;
    if (taken.has(clOrdId)) return refusals.duplicateClOrdId();
    taken.add(clOrdId);
    return query;
  });
  // Past capacity every order would be refused one by one: answered together, the refusals cost
  // less of the CPU the ledger needs to catch up.
  if (deps.trading.busy()) return bodies.map((body, i) => ack(deps, body, refusalIn(queries[i]) ?? refusals.busy()));
  const chain = {};
  const placing = queries.map((query, i) => {
    if ('sCode' in query) return Promise.resolve(null);
    const body = bodies[i] as OkxPlaceOrderBody;
    try {
      return deps.trading.place({ ...parsePlaceOrder(query, userId), clOrdId: body.clOrdId ?? '', tag: body.tag ?? '', chain });
    } catch (err) {
      return Promise.reject(err);
    }
  });
  const outcomes = await Promise.allSettled(placing);
  return outcomes.map((o, i) => {
    const body = bodies[i] as OkxPlaceOrderBody;
    const refusal = refusalIn(queries[i]);
    if (refusal) return ack(deps, body, refusal);
    if (o.status === 'rejected') return ack(deps, body, refusalOf(o.reason));
    return ack(deps, body, { sCode: '0', sMsg: 'Order placed' }, o.value?.answer.order_id ?? '');
  });
}

const refusalIn = (query: PlaceOrderQuery | OrderRefusal | undefined): OrderRefusal | undefined => (query && 'sCode' in query ? query : undefined);

/** One order's answer in OKX's words. */
function ack(deps: PlaceDeps, body: OkxPlaceOrderBody, r: OrderRefusal, ordId = ''): OkxOrderAck {
  return { ordId, clOrdId: body.clOrdId ?? '', tag: body.tag ?? '', ts: String(deps.now().getTime()), ...r };
}

/** Places one order of a v5 call (placeOkxOrders with one order). */
export async function placeOkxOrder(deps: PlaceDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  return (await placeOkxOrders(deps, userId, [body]))[0] as OkxOrderAck;
}
