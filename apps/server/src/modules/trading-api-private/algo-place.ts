import type { OkxAlgoAck, OkxAlgoOrderBody, OkxPlaceOrderBody, PlaceOrderQuery } from '@exchange/contract';
import { coinByInstId } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { parsePlaceOrder } from '../spot/index.js';
import type { AlgoRow, NewAlgo } from './algo-store.js';
import { insertAlgo, liveAlgoCount } from './algo-store.js';
import { refusalOf, refusals, type OrderRefusal } from './order-codes.js';
import type { PlaceDeps } from './place-order.js';

/** Live algo orders one user may keep on one instrument (OKX allows 100 conditional ones). */
export const MAX_LIVE_ALGOS_PER_INSTRUMENT = 100;

export interface AlgoDeps extends PlaceDeps {
  /** The instrument's last trade price, when it has traded. */
  instLastPrice(instId: string): string | undefined;
  /** Told of each algo order stored, so the trigger watcher sees it. */
  watch(algo: AlgoRow): void;
}

export type AlgoLeg = 'sl' | 'tp' | '';

const MARKET = '-1';

export const algoRefusals = {
  tooMany: (): OrderRefusal => ({ sCode: '51025', sMsg: 'Order count exceeds the limit' }),
  duplicate: (): OrderRefusal => ({ sCode: '51016', sMsg: 'Duplicated clOrdId' }),
  buyTp: (): OrderRefusal => ({ sCode: '51277', sMsg: 'TP trigger price cannot be higher than the last price' }),
  buySl: (): OrderRefusal => ({ sCode: '51278', sMsg: 'SL trigger price cannot be lower than the last price' }),
  sellTp: (): OrderRefusal => ({ sCode: '51279', sMsg: 'TP trigger price cannot be lower than the last price' }),
  sellSl: (): OrderRefusal => ({ sCode: '51280', sMsg: 'SL trigger price cannot be higher than the last price' }),
};

/** The spot order an algo order places once triggered: a market order for "-1", else a GTC limit. */
export function childOrder(a: Pick<AlgoRow, 'instId' | 'side' | 'sz' | 'tag'>, ordPx: string): OkxPlaceOrderBody {
  const market = ordPx === MARKET;
  return { instId: a.instId, tdMode: 'cash', side: a.side, ordType: market ? 'market' : 'limit', sz: a.sz, px: market ? undefined : ordPx, tgtCcy: 'base_ccy', tag: a.tag };
}

/** The child order checked on the coin's grid now, so a wrong size or price is refused at once, not when it fires. */
export function gridRefusal(body: OkxAlgoOrderBody, coinId: number, ordPx: string, userId: string): OrderRefusal | null {
  const query: PlaceOrderQuery =
    ordPx === MARKET
      ? { apikey: '', uid: 0, coin_id: coinId, order_type: body.side, excecution_type: 'market', amount: body.sz }
      : { apikey: '', uid: 0, coin_id: coinId, order_type: body.side, excecution_type: 'limit', price: ordPx, amount: body.sz };
  try {
    parsePlaceOrder(query, userId);
    return null;
  } catch (err) {
    return refusalOf(err);
  }
}

export type Legs = Pick<NewAlgo, 'slTriggerPx' | 'slOrdPx' | 'tpTriggerPx' | 'tpOrdPx' | 'triggerPx' | 'ordPx'>;

/** The order's triggers and their order prices, or the parameter OKX would name. */
export function legsOf(body: OkxAlgoOrderBody): Legs | OrderRefusal {
  const given = (v: string | undefined) => (v === undefined || v === '' ? null : v);
  const legs: Legs = {
    slTriggerPx: given(body.slTriggerPx),
    slOrdPx: given(body.slOrdPx),
    tpTriggerPx: given(body.tpTriggerPx),
    tpOrdPx: given(body.tpOrdPx),
    triggerPx: given(body.triggerPx),
    ordPx: given(body.orderPx),
  };
  for (const [trigger, price] of [
    ['slTriggerPx', 'slOrdPx'],
    ['tpTriggerPx', 'tpOrdPx'],
    ['triggerPx', 'ordPx'],
  ] as const) {
    if (legs[trigger] === MARKET) return refusals.parameter(trigger);
    if (legs[trigger] !== null && legs[price] === null) return refusals.parameter(price === 'ordPx' ? 'orderPx' : price);
  }
  if (body.ordType === 'trigger') return legs.triggerPx === null ? refusals.parameter('triggerPx') : { ...legs, slTriggerPx: null, slOrdPx: null, tpTriggerPx: null, tpOrdPx: null };
  const only = { ...legs, triggerPx: null, ordPx: null };
  if (body.ordType === 'oco' && (legs.slTriggerPx === null || legs.tpTriggerPx === null)) return refusals.parameter(legs.slTriggerPx === null ? 'slTriggerPx' : 'tpTriggerPx');
  if (legs.slTriggerPx === null && legs.tpTriggerPx === null) return refusals.parameter('slTriggerPx');
  return only;
}

/** A stop-loss must not have fired already, nor a take-profit: OKX's 51277-51280 against the last price. */
export function sideRefusal(side: 'buy' | 'sell', legs: Legs, last: string | undefined): OrderRefusal | null {
  if (last === undefined) return null;
  const l = new Dec(last);
  if (side === 'sell') {
    if (legs.slTriggerPx !== null && new Dec(legs.slTriggerPx).gte(l)) return algoRefusals.sellSl();
    if (legs.tpTriggerPx !== null && new Dec(legs.tpTriggerPx).lte(l)) return algoRefusals.sellTp();
  } else {
    if (legs.slTriggerPx !== null && new Dec(legs.slTriggerPx).lte(l)) return algoRefusals.buySl();
    if (legs.tpTriggerPx !== null && new Dec(legs.tpTriggerPx).gte(l)) return algoRefusals.buyTp();
  }
  return null;
}

/** What in the call this server does not do: margin, quote-counted sizes, index or mark triggers. */
export function unsupported(body: OkxAlgoOrderBody): OrderRefusal | null {
  // Spot here is cash; ccxt sends cross for a spot algo order, which is the same thing without margin.
  if (body.tdMode !== 'cash' && body.tdMode !== 'cross') return refusals.parameter('tdMode');
  if (body.tgtCcy === 'quote_ccy') return refusals.parameter('tgtCcy');
  for (const name of ['slTriggerPxType', 'tpTriggerPxType', 'triggerPxType'] as const) {
    if (body[name] === 'index' || body[name] === 'mark') return refusals.parameter(name);
  }
  return null;
}

/**
 * Stores one algo order of a v5 call after OKX's checks, answered in OKX's per-order words. It
 * holds nothing until it fires (as on OKX); its order then holds through the spot service.
 */
export async function placeOkxAlgo(deps: AlgoDeps, userId: string, body: OkxAlgoOrderBody): Promise<OkxAlgoAck> {
  const algoClOrdId = body.algoClOrdId || body.clOrdId || '';
  const tag = body.tag ?? '';
  const ack = (algoId: string, r: OrderRefusal): OkxAlgoAck => ({ algoId, clOrdId: '', algoClOrdId, tag, ...r });
  const coin = coinByInstId(body.instId);
  if (!coin) return ack('', refusals.instrument());
  const instId = body.instId.toUpperCase();
  const wrong = unsupported(body);
  if (wrong) return ack('', wrong);
  const legs = legsOf(body);
  if ('sCode' in legs) return ack('', legs);
  for (const ordPx of [legs.slOrdPx, legs.tpOrdPx, legs.ordPx]) {
    const refused = ordPx === null ? null : gridRefusal(body, coin.pair_id, ordPx, userId);
    if (refused) return ack('', refused);
  }
  const last = deps.instLastPrice(instId);
  const late = sideRefusal(body.side, legs, last);
  if (late) return ack('', late);
  if ((await liveAlgoCount(deps.db, userId, instId)) >= MAX_LIVE_ALGOS_PER_INSTRUMENT) return ack('', algoRefusals.tooMany());
  const triggerAbove = legs.triggerPx === null ? null : last === undefined ? body.side === 'buy' : new Dec(legs.triggerPx).gte(last);
  const stored = await insertAlgo(deps.db, { userId, instId, ordType: body.ordType, side: body.side, sz: new Dec(body.sz).toFixed(), tdMode: body.tdMode, algoClOrdId, tag, ...legs, triggerAbove }, deps.now());
  if (!stored) return ack('', algoRefusals.duplicate());
  deps.watch(stored);
  return ack(stored.algoId, { sCode: '0', sMsg: 'Order placed' });
}
