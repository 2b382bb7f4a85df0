import type { OkxCancelOrderBody, OkxOrderAck, OkxPlaceOrderBody } from '@exchange/contract';
import type { Services } from '../../services.js';
import { futuresUserOrder } from '../futures/index.js';
import { identityStatusOf } from '../kyc/index.js';
import { userOrder } from '../spot/index.js';
import { cancelOkxOrder, orderIdOf } from './cancel-order.js';
import type { OkxContractOrders } from './contract-orders.js';
import { placeOkxOrder, placeOkxOrders, type PlaceDeps } from './place-order.js';
import { swapRefusalOf } from './swap-codes.js';
import { isContractInstId, swapOrderIdOf, type SwapDeps } from './swap-orders.js';

/** What the order entry calls need: the spot service for spot ids, the contract orders (on a cluster, the owner's) for contract ids. */
export type TradeDeps = PlaceDeps & SwapDeps & { contracts: OkxContractOrders };

/** The order entry's services, the same for the REST calls and the private socket's ops. */
export function tradeDepsOf(s: Services): TradeDeps {
  return {
    db: s.db,
    trading: s.spotTrading,
    lastPrice: (symbol) => s.market.lastPrice(symbol),
    halts: s.halts,
    futures: s.core.futures.service,
    monitor: s.core.futures.monitor,
    now: s.config.now,
    identityApproved: async (userId) => (await identityStatusOf(s.db, userId)) === 'true',
    contracts: s.okxContractOrders,
  };
}

/**
 * A contract order's call that threw where it did not run (a cluster's follower, whose owner is out
 * of reach or silent): that order's own refusal, so a batch's other orders and the caller go on.
 */
async function contractCall(deps: TradeDeps, ids: { ordId?: string; clOrdId?: string; tag?: string }, call: () => Promise<OkxOrderAck>): Promise<OkxOrderAck> {
  try {
    return await call();
  } catch (err) {
    return { ordId: ids.ordId ?? '', clOrdId: ids.clOrdId ?? '', tag: ids.tag ?? '', ts: String(deps.now().getTime()), ...swapRefusalOf(err) };
  }
}

/** One order of a v5 call, placed by the product its instId names. */
export function placeAnyOrder(deps: TradeDeps, userId: string, body: OkxPlaceOrderBody): Promise<OkxOrderAck> {
  if (!isContractInstId(body.instId)) return placeOkxOrder(deps, userId, body);
  return contractCall(deps, { clOrdId: body.clOrdId, tag: body.tag }, () => deps.contracts.place(userId, body));
}

/**
 * The orders of one v5 call (REST's batch-orders, the socket's order and batch-orders), each
 * answered on its own. Spot orders alone go together, in one chain of ledger jobs; with contracts
 * among them, one after the other: either way each order's checks see the holds of those before.
 */
export async function placeAnyOrders(deps: TradeDeps, userId: string, bodies: readonly OkxPlaceOrderBody[]): Promise<OkxOrderAck[]> {
  if (!bodies.some((order) => isContractInstId(order.instId))) return placeOkxOrders(deps, userId, bodies);
  const acks: OkxOrderAck[] = [];
  for (const order of bodies) acks.push(await placeAnyOrder(deps, userId, order));
  return acks;
}

/** One cancel of a v5 call, by the product its instId names. */
export function cancelAnyOrder(deps: TradeDeps, userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
  if (!isContractInstId(body.instId)) return cancelOkxOrder(deps, userId, body);
  return contractCall(deps, body, () => deps.contracts.cancel(userId, body));
}

/**
 * The instrument of the user's order an ordId or clOrdId names, for a cancel that names none (ccxt's
 * cancelOrderWs): undefined when there is no such order. Spot and contract orders count their ids
 * apart, so an id may name one of each: the open one is meant, and when both are open, null (the
 * caller must name the instId).
 */
export async function instIdOfOrder(deps: Pick<TradeDeps, 'db'>, userId: string, ids: { ordId?: string; clOrdId?: string }): Promise<string | null | undefined> {
  const [spotId, swapId] = await Promise.all([orderIdOf(deps, userId, ids), swapOrderIdOf(deps.db, userId, ids)]);
  const [spot, swap] = await Promise.all([spotId ? userOrder(deps.db, userId, spotId) : null, swapId ? futuresUserOrder(deps.db, userId, swapId) : null]);
  if (spot && swap && spot.order.open && swap.orderOpen) return null;
  if (spot && swap) return spot.order.open || !swap.orderOpen ? spot.order.instId : swap.instId;
  return spot?.order.instId ?? swap?.instId;
}
