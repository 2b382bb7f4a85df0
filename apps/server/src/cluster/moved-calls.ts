import { placeOrderResponse, spotMessages, type CancelOrderResponse, type PlaceOrderResponse } from '@exchange/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Idempotency } from '../ledger/idempotency.js';
import { VenueMoved } from '../ledger/ledger.js';
import type { CancelRequest, PlaceRequest } from '../modules/spot/types.js';
import { outcomeUnknown } from './venue-answer.js';

/**
 * What became of a spot call whose owner lost the venues before it answered (cluster/owner-call.ts,
 * `moved`). That owner can write nothing more, so the database holds all it did: the answer is read
 * there, and a call it did not carry out is answered "nothing done, send it again" (503).
 */
export class MovedCalls {
  constructor(
    private readonly db: Database,
    private readonly idempotency: Idempotency,
  ) {}

  /**
   * A keyed order has its answer stored with its effect; a claim the old owner left unanswered is
   * dead (ledger/idempotency.ts), so sending it again places it once. Without a key, nothing in the
   * database names the order: its outcome is unknown, as the answer says.
   */
  async place(req: PlaceRequest): Promise<{ answer: PlaceOrderResponse; replayed: boolean }> {
    if (!req.idempotency) throw outcomeUnknown(Date.now());
    const found = await this.idempotency.outcome(req.userId, req.idempotency.key);
    if (found.outcome === 'done') return { answer: placeOrderResponse.parse(found.answer), replayed: false };
    if (found.outcome === 'none') throw new VenueMoved();
    throw outcomeUnknown(Date.now());
  }

  /** The order is still open (nothing done), canceled (done), or ended otherwise (as a cancel sent now is answered). */
  async cancel(req: CancelRequest): Promise<CancelOrderResponse> {
    const res = await this.db.query<{ status: CancelOrderResponse['status']; is_open: boolean }>(
      'SELECT status, is_open FROM spot_orders WHERE id = $1 AND user_id = $2',
      [req.orderId, req.userId],
    );
    const row = res.rows[0];
    if (!row || row.is_open) throw new VenueMoved();
    if (row.status === 'canceled') return { success: true, message: spotMessages.canceled, order_id: req.orderId, status: row.status };
    throw new AppError(400, spotMessages.notCancelable, 'NOT_CANCELABLE');
  }
}
