import type { OkxOrderAck, OkxPlaceOrderBody, PlaceOrderQuery } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { coinByInstId, type Coin } from '../../shared/catalogue.js';
import { Dec, roundToStep } from '../../shared/decimal.js';
import { parsePlaceOrder, type SpotTrading } from '../spot/index.js';
import type { ClientIdWriter } from './client-id-writer.js';
import type { ClientIds } from './client-ids.js';
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
  /** Takes and settles the calls' clOrdIds and tags, a group of calls at a time. */
  clientIds: Pick<ClientIdWriter, 'reserve' | 'settle'>;
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
 * Places the orders of one v5 call and answers each in OKX's per-order words. The clOrdIds are
 * taken before the orders go to the spot service, so a repeated one is refused (51016) and never
 * placed twice; a clOrdId repeated within the call is refused the same way. The orders go to the
 * spot service together, as one chain of ledger jobs: one batch writes them all, and each order's
 * checks still see the holds of the ones before it.
 */
export async function placeOkxOrders(deps: PlaceDeps, userId: string, bodies: readonly OkxPlaceOrderBody[]): Promise<OkxOrderAck[]> {
  const queries = bodies.map((body) => spotQuery(body, deps.lastPrice));
  const taken = new Set<string>();
  const refused = new Map<number, OrderRefusal>();
  // Which orders need a reservation (a clOrdId or a tag), in the order of `wanted`.
  const reserving: number[] = [];
  const wanted: ClientIds[] = [];
  bodies.forEach((body, i) => {
    const query = queries[i] as PlaceOrderQuery | OrderRefusal;
    if ('sCode' in query) return void refused.set(i, query);
    const clOrdId = body.clOrdId ?? '';
    const tag = body.tag ?? '';
    if (clOrdId && taken.has(clOrdId)) return void refused.set(i, refusals.duplicateClOrdId());
    if (clOrdId) taken.add(clOrdId);
    if (clOrdId || tag) {
      reserving.push(i);
      wanted.push({ clOrdId, tag });
    }
  });
  // Past capacity every order would be refused one by one after its clOrdId's round trip: answered
  // together, the refusals cost the CPU and pool connections the ledger needs to catch up.
  if (deps.trading.busy()) return bodies.map((body, i) => ack(deps, body, refused.get(i) ?? refusals.busy()));
  const reservations = new Map<number, string>();
  let reserved: (string | null)[];
  try {
    reserved = await deps.clientIds.reserve(userId, wanted);
  } catch (err) {
    const refusal = refusalOf(err);
    return bodies.map((body, i) => ack(deps, body, refused.get(i) ?? refusal));
  }
  reserved.forEach((reservation, k) => {
    const i = reserving[k] as number;
    if (reservation === null) refused.set(i, refusals.duplicateClOrdId());
    else reservations.set(i, reservation);
  });
  const chain = {};
  const placing = queries.map((query, i) => {
    if ('sCode' in query || refused.has(i)) return Promise.resolve(null);
    try {
      return deps.trading.place({ ...parsePlaceOrder(query, userId), chain });
    } catch (err) {
      return Promise.reject(err);
    }
  });
  const outcomes = await Promise.allSettled(placing);
  const placed: { reservation: string; orderId: string }[] = [];
  const released: string[] = [];
  outcomes.forEach((o, i) => {
    const reservation = reservations.get(i);
    if (reservation === undefined || refused.has(i)) return;
    if (o.status === 'fulfilled' && o.value) placed.push({ reservation, orderId: o.value.answer.order_id });
    else released.push(reservation);
  });
  await deps.clientIds.settle(placed, released);
  return outcomes.map((o, i) => {
    const body = bodies[i] as OkxPlaceOrderBody;
    const refusal = refused.get(i);
    if (refusal) return ack(deps, body, refusal);
    if (o.status === 'rejected') return ack(deps, body, refusalOf(o.reason));
    return ack(deps, body, { sCode: '0', sMsg: 'Order placed' }, o.value?.answer.order_id ?? '');
  });
}

/** One order's answer in OKX's words. */
function ack(deps: PlaceDeps, body: OkxPlaceOrderBody, r: OrderRefusal, ordId = ''): OkxOrderAck {
  return { ordId, clOrdId: body.clOrdId ?? '', tag: body.tag ?? '', ts: String(deps.now().getTime()), ...r };
}

/** Places one order of a v5 call (placeOkxOrders with one order). */
export async function placeOkxOrder(deps: PlaceDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  return (await placeOkxOrders(deps, userId, [body]))[0] as OkxOrderAck;
}
