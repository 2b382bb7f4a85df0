import type { OkxAmendAck, OkxAmendOrderBody, OkxOrdType } from '@exchange/contract';
import { coinByInstId } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { userOrder } from '../spot/index.js';
import { orderIdOf } from './cancel-order.js';
import { okxOrderOf } from './okx-shapes.js';
import { refusalOf, refusals, type OrderRefusal } from './order-codes.js';
import { placeOkxOrder, type PlaceDeps } from './place-order.js';

const amendRefusals = {
  nothing: (): OrderRefusal => ({ sCode: '51500', sMsg: 'Either order price or amount is required' }),
  missing: (): OrderRefusal => ({ sCode: '51503', sMsg: 'Order modification failed as the order does not exist' }),
  kind: (): OrderRefusal => ({ sCode: '51506', sMsg: 'Order modification unavailable for the order type' }),
  canceled: (): OrderRefusal => ({ sCode: '51509', sMsg: 'Modification failed as the order has been canceled' }),
  completed: (): OrderRefusal => ({ sCode: '51510', sMsg: 'Modification failed as the order has been completed' }),
};

/** The order types a resting order can have and keep when replaced, by its time in force. */
const RESTING: Partial<Record<string, OkxOrdType>> = { GTC: 'limit', POST_ONLY: 'post_only' };

/**
 * Amends a live order of a v5 call. The engine has no amend, so it is cancel and replace: the order
 * is cancelled, and the part not filled by then is placed again at the new price and size, as a new
 * order (a new ordId) that keeps the clOrdId. `newSz` counts what already filled, as on OKX. The
 * new order loses the old one's time priority; refused (a post-only that would now cross), the
 * old one stays cancelled and the answer carries the refusal.
 */
export async function amendOkxOrder(deps: PlaceDeps, userId: string, body: OkxAmendOrderBody): Promise<OkxAmendAck> {
  const reqId = body.reqId ?? '';
  const ack = (ordId: string, clOrdId: string, r: OrderRefusal): OkxAmendAck => ({ ordId, clOrdId, reqId, ts: String(deps.now().getTime()), ...r });
  const asked = (r: OrderRefusal) => ack(body.ordId ?? '', body.clOrdId ?? '', r);
  if (!body.ordId && !body.clOrdId) return asked(refusals.idMissing());
  if (!body.newSz && !body.newPx) return asked(amendRefusals.nothing());
  if (!coinByInstId(body.instId)) return asked(refusals.instrument());
  try {
    deps.halts.assertOpen(body.instId);
  } catch (err) {
    return asked(refusalOf(err));
  }
  const orderId = await orderIdOf(deps, userId, body);
  const found = orderId && /^\d{1,19}$/.test(orderId) ? await userOrder(deps.db, userId, orderId) : null;
  if (!found || found.order.instId !== body.instId.toUpperCase()) return asked(amendRefusals.missing());
  const was = okxOrderOf(found);
  const answer = (ordId: string, r: OrderRefusal) => ack(ordId, was.clOrdId, r);
  if (!found.order.open) return answer(found.order.id, found.order.status === 'canceled' ? amendRefusals.canceled() : amendRefusals.completed());
  const ordType = found.order.execType === 'limit' ? RESTING[found.order.tif] : undefined;
  if (!ordType) return answer(found.order.id, amendRefusals.kind());
  if (body.newSz && new Dec(body.newSz).lte(found.order.filled)) return answer(found.order.id, refusals.parameter('newSz'));
  try {
    await deps.trading.cancel({ kind: 'cancel', userId, orderId: found.order.id, instId: found.order.instId });
  } catch (err) {
    return answer(found.order.id, refusalOf(err));
  }
  // What filled before the cancel took effect is counted in newSz too.
  const after = (await userOrder(deps.db, userId, found.order.id)) ?? found;
  const rest = new Dec(body.newSz ?? was.sz).sub(after.order.filled);
  if (rest.lte(0)) return answer(found.order.id, amendRefusals.completed());
  // The old order ended with the cancel, so its clOrdId is free for the new one, which carries it
  // and the tag from its first push on.
  const replacement = { instId: was.instId, tdMode: 'cash', side: found.order.side, ordType, sz: rest.toFixed(), px: body.newPx ?? was.px, clOrdId: was.clOrdId, tag: was.tag } as const;
  const placed = await placeOkxOrder(deps, userId, replacement);
  if (placed.sCode !== '0') return answer(found.order.id, placed);
  return answer(placed.ordId, { sCode: '0', sMsg: '' });
}
