import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { cancelOrderResponse, okxClOrdId, okxTag, placeOrderResponse, serverMessages, type CancelOrderResponse, type PlaceOrderResponse } from '@exchange/contract';
import { AppError } from '../errors.js';
import { VenueMoved } from '../ledger/ledger.js';
import type { SpotOrders } from '../modules/spot/order-service.js';
import type { CancelRequest, PlaceRequest } from '../modules/spot/types.js';
import { coinBySymbol } from '../shared/catalogue.js';
import type { Cluster } from './cluster.js';
import type { MovedCalls } from './moved-calls.js';
import type { OwnerCalls } from './owner-call.js';
import { failureOf, valueOf, venueAnswer } from './venue-answer.js';

/** What the order routes need of the spot service. */
export type SpotTrading = Pick<SpotOrders, 'place' | 'cancel' | 'busy'>;

const placeCall = z.object({
  op: z.literal('place'),
  req: z.object({
    userId: z.string().uuid(),
    symbol: z.string().min(1).max(20),
    instId: z.string().min(1).max(40),
    side: z.enum(['buy', 'sell']),
    execType: z.enum(['limit', 'market', 'stop-limit']),
    tif: z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']),
    priceTicks: z.number().int().nonnegative().nullable(),
    stopTicks: z.number().int().nonnegative().nullable(),
    lots: z.number().int().nonnegative(),
    totalUsdt: z.string().max(64).nullable(),
    clOrdId: okxClOrdId,
    tag: okxTag,
    idempotency: z.object({ key: z.string().max(256), hash: z.string().max(256) }).optional(),
  }),
});
const cancelCall = z.object({
  op: z.literal('cancel'),
  req: z.object({ userId: z.string().uuid(), orderId: z.string().min(1).max(64), instId: z.string().min(1).max(40) }),
});
const spotCall = z.discriminatedUnion('op', [placeCall, cancelCall]);
type SpotCall = z.infer<typeof spotCall>;

const placeAnswer = venueAnswer(z.object({ answer: placeOrderResponse, replayed: z.boolean() }));
const cancelAnswer = venueAnswer(cancelOrderResponse);

/**
 * Spot orders on a cluster. The process that owns the venues places and cancels them itself; any
 * other has already parsed, authenticated and checked the request on its own route, and sends the
 * checked request (not the HTTP call) to the owner (cluster/owner-call.ts), so the owner only
 * matches and writes. The answer, or the refusal with its status and message, comes back as if the
 * order had been placed here. No owner in reach: 503, nothing done; the owner lost the venues before
 * it answered: what it did is read from the database (cluster/moved-calls.ts).
 */
export class SpotCalls implements SpotTrading {
  private readonly subject: string;

  constructor(
    private readonly cluster: Cluster,
    private readonly calls: OwnerCalls,
    private readonly moved: MovedCalls,
    private readonly local: () => SpotOrders | null,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subject = cluster.subject('venues.spot');
    calls.serve(this.subject, (call) => this.carry(spotCall.parse(call)));
  }

  /** Only the owner knows its queue: elsewhere each order is sent, and the owner refuses it if it must. */
  busy(): boolean {
    return this.owned()?.busy() ?? false;
  }

  async place(req: PlaceRequest): Promise<{ answer: PlaceOrderResponse; replayed: boolean }> {
    const here = this.owned();
    if (here) return here.place(req);
    const { userId, coin, instId, side, execType, tif, priceTicks, stopTicks, lots, totalUsdt, clOrdId, tag, idempotency } = req;
    const wire = { userId, symbol: coin.symbol, instId, side, execType, tif, priceTicks, stopTicks, lots, totalUsdt, clOrdId, tag };
    const outcome = await this.calls.send(this.subject, { op: 'place', req: idempotency ? { ...wire, idempotency } : wire }, (a) => placeAnswer.parse(a));
    return 'moved' in outcome ? this.moved.place(req) : valueOf(outcome.answer);
  }

  async cancel(req: CancelRequest): Promise<CancelOrderResponse> {
    const here = this.owned();
    if (here) return here.cancel(req);
    const outcome = await this.calls.send(this.subject, { op: 'cancel', req: { userId: req.userId, orderId: req.orderId, instId: req.instId } }, (a) =>
      cancelAnswer.parse(a),
    );
    return 'moved' in outcome ? this.moved.cancel(req) : valueOf(outcome.answer);
  }

  private owned(): SpotOrders | null {
    return this.cluster.isLeader() ? this.local() : null;
  }

  /**
   * The owner's side: the call carried out here and answered as it would be on the follower,
   * refusals included. Until the venues are rebuilt after a takeover, it is refused: nothing done.
   */
  private async carry(call: SpotCall): Promise<unknown> {
    try {
      const spot = this.owned();
      if (!spot) throw new VenueMoved();
      if (call.op === 'cancel') return { ok: true, value: await spot.cancel({ kind: 'cancel', ...call.req }) };
      const { symbol, ...rest } = call.req;
      const coin = coinBySymbol(symbol);
      if (!coin) throw new AppError(400, serverMessages.notFound, 'UNKNOWN_COIN');
      return { ok: true, value: await spot.place({ kind: 'place', ...rest, coin }) };
    } catch (err) {
      return failureOf(err, this.log, 'a forwarded spot order failed');
    }
  }
}
