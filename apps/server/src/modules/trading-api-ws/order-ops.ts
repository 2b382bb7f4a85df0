import type { OkxOrderAck, OkxWsCancelArg, OkxWsRequest } from '@exchange/contract';
import { okxCodes } from '../api-keys/index.js';
import { cancelAnyOrder, instIdOfOrder, placeAnyOrders, type TradeDeps } from '../trading-api-private/index.js';
import { opRefusal, opReply } from './frames.js';
import type { WsCaller } from './hub.js';
import type { OrderOpLimits } from './key-limits.js';

export interface OrderOpsDeps {
  /** The REST calls' own: spot orders to the spot service, contract orders to the futures service (on a cluster, the owner's). */
  place: TradeDeps;
  limits: OrderOpLimits;
}

type OrderOp = Extract<OkxWsRequest, { op: 'order' | 'batch-orders' | 'cancel-order' | 'batch-cancel-orders' | 'amend-order' | 'batch-amend-orders' }>;

/** OKX's code for a feature it does not offer: amending waits for the spot service's amend (issue 42). */
const UNAVAILABLE = { code: '50062', msg: 'This feature is currently unavailable.' };
/** OKX's "try again" code, for an op whose key limits could not be counted (a cluster's Redis is down): nothing of it is done. */
const BUSY = { code: '50013', msg: 'Systems are busy. Please try again later.' };

/** OKX's answer to a cancel without instId whose id names both an open spot and an open contract order. */
const INST_ID_NEEDED = { sCode: '50014', sMsg: 'Parameter instId can not be empty' };

/**
 * A cancel names its instrument by instId; ccxt's cancelOrderWs names it by instIdCode, which this
 * server does not issue, so it arrives with none: the order's own instrument (spot or contract) is used then.
 */
async function cancel(deps: OrderOpsDeps, userId: string, arg: OkxWsCancelArg): Promise<OkxOrderAck> {
  let instId = arg.instId;
  if (!instId && (arg.ordId || arg.clOrdId)) {
    const found = await instIdOfOrder(deps.place, userId, arg);
    if (!found) {
      const ts = String(deps.place.now().getTime());
      const refusal = found === null ? INST_ID_NEEDED : { sCode: '51400', sMsg: 'Order cancellation failed as the order does not exist' };
      return { ordId: arg.ordId ?? '', clOrdId: arg.clOrdId ?? '', tag: '', ts, ...refusal };
    }
    instId = found;
  }
  return cancelAnyOrder(deps.place, userId, { instId: instId ?? '', ordId: arg.ordId, clOrdId: arg.clOrdId });
}

/**
 * One order op of a logged-in socket, answered by its `id`: it needs the key's trade permission and
 * fits the key's limits, a frozen account (`frozen`, from the key's cached state) places none, and
 * its orders go in their order (each sees the holds of those before).
 */
export async function runOrderOp(deps: OrderOpsDeps, caller: WsCaller, request: OrderOp, frozen: boolean): Promise<string> {
  const inTime = Date.now();
  const { id, op } = request;
  if (!caller.permissions.includes('trade')) return opRefusal(id, op, okxCodes.permission, inTime);
  if (op === 'amend-order' || op === 'batch-amend-orders') return opRefusal(id, op, UNAVAILABLE, inTime);
  const placing = op === 'order' || op === 'batch-orders';
  // As the signed REST calls: a frozen account still cancels, but places nothing (docs/operators.md).
  if (placing && frozen) return opRefusal(id, op, okxCodes.accountBlocked, inTime);
  const batch = op === 'batch-orders' || op === 'batch-cancel-orders';
  const counted = await deps.limits.take(caller.apiKey, batch ? 'batch' : 'single', batch ? request.args.length : 1);
  if (counted !== 'taken') return opRefusal(id, op, counted === 'over' ? okxCodes.rateLimited : BUSY, inTime);
  if (placing) return opReply(id, op, await placeAnyOrders(deps.place, caller.userId, request.args), inTime);
  const acks: OkxOrderAck[] = [];
  for (const arg of request.args) acks.push(await cancel(deps, caller.userId, arg));
  return opReply(id, op, acks, inTime);
}
