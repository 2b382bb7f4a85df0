import type { OkxCancelOrderBody, OkxOrderAck, OkxPlaceOrderBody, OpenFuturesQuery, PositionMode } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { futuresUserOrder, parseOpen, sideLeverage, type FuturesService, type LiveOrder, type OpenRequest, type RiskMonitor } from '../futures/index.js';
import { bindClientId, clientIdsOf, orderOfClientId, releaseClientId, reserveClientId } from './client-ids.js';
import { refusals, type OrderRefusal } from './order-codes.js';
import { swapRefusalOf, swapRefusals } from './swap-codes.js';

export interface SwapDeps {
  db: Database;
  futures: FuturesService;
  monitor: RiskMonitor;
  now: () => Date;
  /** Opening a position needs an approved identity, as on the web (closing never does). */
  identityApproved(userId: string): Promise<boolean>;
}

const CONTRACT_ID = /^[A-Z0-9]{2,10}-USDT-(SWAP|\d{6})$/;

/** A perpetual (BTC-USDT-SWAP) or delivery (BTC-USDT-261225) contract's id: the futures product's orders. */
export const isContractInstId = (instId: string | undefined): boolean => instId !== undefined && CONTRACT_ID.test(instId.trim().toUpperCase());

interface SwapIntent {
  request: OpenRequest;
  opening: boolean;
}

/**
 * What an OKX contract order asks of our futures, or why OKX would refuse it. Long/short mode: buy
 * long and sell short open, sell long and buy short close. Net mode (posSide net or none): a buy
 * opens long and a sell short, each first reducing a position on the other side (the futures
 * service nets at the fill); with reduceOnly it only closes that position.
 */
function intentOf(body: OkxPlaceOrderBody, userId: string, mode: PositionMode): SwapIntent | OrderRefusal {
  if (body.tdMode !== 'isolated' && body.tdMode !== 'cross') return refusals.parameter('tdMode');
  const reduceOnly = body.reduceOnly === true || body.reduceOnly === 'true';
  let posSide: 'long' | 'short';
  let opening: boolean;
  if (mode === 'one_way') {
    if (body.posSide !== undefined && body.posSide !== '' && body.posSide !== 'net') return swapRefusals.posSide();
    opening = !reduceOnly;
    posSide = (body.side === 'buy') === opening ? 'long' : 'short';
  } else {
    if (body.posSide !== 'long' && body.posSide !== 'short') return swapRefusals.posSide();
    posSide = body.posSide;
    opening = (body.side === 'buy') === (posSide === 'long');
    if (opening && reduceOnly) return swapRefusals.reduceOnly();
  }
  if (body.ordType !== 'limit' && body.ordType !== 'market') return refusals.parameter('ordType');
  if (body.ordType === 'limit' && !body.px) return refusals.parameter('px');
  const query: OpenFuturesQuery = {
    uid: 1,
    transaction_type: posSide === 'long' ? 'BUY MORE' : 'SELL SHORT',
    symbol: body.instId,
    amount: body.sz,
    side: posSide,
    position_action: opening ? 'open' : 'close',
    margin_mode: body.tdMode,
    order_type: body.ordType,
    entry_price: body.ordType === 'limit' ? body.px : undefined,
  };
  return { request: parseOpen(query, userId), opening };
}

/** Opens at the side's own leverage (POST account/set-leverage), or places a reduce-only order on the side's position. */
async function placeIntent(deps: SwapDeps, userId: string, { request, opening }: SwapIntent): Promise<string | OrderRefusal> {
  if (!opening) {
    // One order: the side's position of this margin mode (reduce refuses when there is none).
    const [order] = await deps.futures.reduce(userId, request.instId, request.side, request, request.marginMode);
    return (order as LiveOrder).id;
  }
  if (!(await deps.identityApproved(userId))) return swapRefusals.identity();
  request.leverage = await sideLeverage(deps.db, deps.futures, request);
  return (await deps.futures.open(request)).answer.future_id;
}

/**
 * Places one contract order of a v5 call and answers it in OKX's per-order words; its clOrdId is
 * taken first, so a repeated one is refused (51016) and never placed twice.
 */
export async function placeSwapOrder(deps: SwapDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  const clOrdId = body.clOrdId ?? '';
  const tag = body.tag ?? '';
  const ack = (ordId: string, r: OrderRefusal) => ({ ordId, clOrdId, tag, ts: String(deps.now().getTime()), ...r });
  let intent: SwapIntent | OrderRefusal;
  try {
    intent = intentOf(body, userId, deps.futures.positionMode(userId));
  } catch (err) {
    return ack('', swapRefusalOf(err));
  }
  if ('sCode' in intent) return ack('', intent);
  const reservation = clOrdId || tag ? await reserveClientId(deps.db, userId, { clOrdId, tag }, deps.now()) : undefined;
  if (reservation === null) return ack('', refusals.duplicateClOrdId());
  let placed: string | OrderRefusal;
  try {
    placed = await placeIntent(deps, userId, intent);
  } catch (err) {
    if (reservation) await releaseClientId(deps.db, reservation);
    return ack('', swapRefusalOf(err));
  }
  if (typeof placed !== 'string') {
    if (reservation) await releaseClientId(deps.db, reservation);
    return ack('', placed);
  }
  if (reservation) await bindClientId(deps.db, reservation, placed);
  return ack(placed, { sCode: '0', sMsg: 'Order placed' });
}

/** The user's contract order an OKX call names by ordId or clOrdId: its id, or null. */
export async function swapOrderIdOf(db: Database, userId: string, ids: { ordId?: string; clOrdId?: string }): Promise<string | null> {
  if (ids.ordId) return ids.ordId;
  return ids.clOrdId ? orderOfClientId(db, userId, ids.clOrdId) : null;
}

/** Cancels one contract order of a v5 call: what it holds goes back, what it filled stays in its position. */
export async function cancelSwapOrder(deps: SwapDeps, userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
  const ack = (ordId: string, clOrdId: string, r: OrderRefusal) => ({ ordId, clOrdId, tag: '', ts: String(deps.now().getTime()), ...r });
  if (!body.ordId && !body.clOrdId) return ack('', '', refusals.idMissing());
  const orderId = await swapOrderIdOf(deps.db, userId, body);
  // Another user's order is not there for this key, as one that never existed.
  const found = orderId ? await futuresUserOrder(deps.db, userId, orderId) : null;
  if (!found || found.instId !== body.instId.trim().toUpperCase()) return ack(body.ordId ?? '', body.clOrdId ?? '', refusals.cancelMissing());
  const clOrdId = (await clientIdsOf(deps.db, userId, [found.id])).get(found.id)?.clOrdId ?? '';
  if (!found.orderOpen) return ack(found.id, clOrdId, refusals.ended());
  try {
    const canceled = await deps.futures.cancel(userId, [found.id]);
    return ack(found.id, clOrdId, canceled.length > 0 ? { sCode: '0', sMsg: '' } : refusals.ended());
  } catch (err) {
    return ack(found.id, clOrdId, swapRefusalOf(err));
  }
}
