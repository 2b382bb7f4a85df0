import type { OkxCancelOrderBody, OkxOrderAck } from '@exchange/contract';
import { coinByInstId } from '../../shared/catalogue.js';
import { orderIdOfClientId, userOrder } from '../spot/index.js';
import { refusalOf, refusals, type OrderRefusal } from './order-codes.js';
import type { PlaceDeps } from './place-order.js';

/** The user's order an OKX call names by ordId or clOrdId: its id, or null when there is none. */
export async function orderIdOf(deps: Pick<PlaceDeps, 'db'>, userId: string, ids: { ordId?: string; clOrdId?: string }): Promise<string | null> {
  if (ids.ordId) return ids.ordId;
  return ids.clOrdId ? orderIdOfClientId(deps.db, userId, ids.clOrdId) : null;
}

/** Cancels one order of a v5 call and answers it in OKX's per-order words. */
export async function cancelOkxOrder(deps: PlaceDeps, userId: string, body: OkxCancelOrderBody): Promise<OkxOrderAck> {
  const ack = (ordId: string, clOrdId: string, r: OrderRefusal) => ({ ordId, clOrdId, tag: '', ts: String(deps.now().getTime()), ...r });
  if (!body.ordId && !body.clOrdId) return ack('', '', refusals.idMissing());
  if (!coinByInstId(body.instId)) return ack(body.ordId ?? '', body.clOrdId ?? '', refusals.instrument());
  const orderId = await orderIdOf(deps, userId, body);
  const found = orderId ? await userOrder(deps.db, userId, orderId) : null;
  if (!found || found.order.instId !== body.instId.toUpperCase()) return ack(body.ordId ?? '', body.clOrdId ?? '', refusals.cancelMissing());
  const clOrdId = found.order.clOrdId;
  if (!found.order.open) return ack(found.order.id, clOrdId, refusals.ended());
  try {
    await deps.trading.cancel({ kind: 'cancel', userId, orderId: found.order.id, instId: found.order.instId });
    return ack(found.order.id, clOrdId, { sCode: '0', sMsg: '' });
  } catch (err) {
    return ack(found.order.id, clOrdId, refusalOf(err));
  }
}
