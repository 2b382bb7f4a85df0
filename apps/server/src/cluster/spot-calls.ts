import type { FastifyBaseLogger } from 'fastify';
import type { Msg, Subscription } from 'nats';
import { z } from 'zod';
import { cancelOrderResponse, placeOrderResponse, serverMessages, type CancelOrderResponse, type PlaceOrderResponse } from '@exchange/contract';
import { AppError } from '../errors.js';
import { VenueMoved } from '../ledger/ledger.js';
import type { SpotOrders } from '../modules/spot/order-service.js';
import type { CancelRequest, PlaceRequest } from '../modules/spot/types.js';
import { coinBySymbol } from '../shared/catalogue.js';
import type { Cluster } from './cluster.js';
import { venueCallFailed } from './venue-answer.js';

/** What the order routes need of the spot service. */
export type SpotTrading = Pick<SpotOrders, 'place' | 'cancel'>;

/** A forwarded order waits this long for the owner; past it the client may send it again (Idempotency-Key). */
const CALL_TIMEOUT_MS = 15_000;

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
    idempotency: z.object({ key: z.string().max(256), hash: z.string().max(256) }).optional(),
  }),
});
const cancelCall = z.object({
  op: z.literal('cancel'),
  req: z.object({ userId: z.string().uuid(), orderId: z.string().min(1).max(64), instId: z.string().min(1).max(40) }),
});
const spotCall = z.discriminatedUnion('op', [placeCall, cancelCall]);
type SpotCall = z.infer<typeof spotCall>;

const failure = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string(),
  code: z.string().optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
const placeAnswer = z.union([
  z.object({ ok: z.literal(true), value: z.object({ answer: placeOrderResponse, replayed: z.boolean() }) }),
  z.object({ ok: z.literal(false), error: failure }),
]);
const cancelAnswer = z.union([z.object({ ok: z.literal(true), value: cancelOrderResponse }), z.object({ ok: z.literal(false), error: failure })]);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Spot orders on a cluster. The process that owns the venues places and cancels them itself; any
 * other has already parsed, authenticated and checked the request on its own route, and sends the
 * checked request (not the HTTP call) to the owner over NATS request-reply, so the owner only
 * matches and writes. The answer, or the refusal with its status and message, comes back as if the
 * order had been placed here. No owner in reach: 503 VENUE_MOVED, nothing done.
 */
export class SpotCalls implements SpotTrading {
  private sub: Subscription | null = null;
  private readonly subject: string;

  constructor(
    private readonly cluster: Cluster,
    private readonly local: () => SpotOrders | null,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subject = cluster.subject('venues.spot');
    cluster.onRoleChange((leader) => (leader ? this.open() : this.close()));
  }

  place(req: PlaceRequest): Promise<{ answer: PlaceOrderResponse; replayed: boolean }> {
    const here = this.owned();
    if (here) return here.place(req);
    const { userId, coin, instId, side, execType, tif, priceTicks, stopTicks, lots, totalUsdt, idempotency } = req;
    const wire = { userId, symbol: coin.symbol, instId, side, execType, tif, priceTicks, stopTicks, lots, totalUsdt };
    return this.send({ op: 'place', req: idempotency ? { ...wire, idempotency } : wire }, placeAnswer);
  }

  cancel(req: CancelRequest): Promise<CancelOrderResponse> {
    const here = this.owned();
    if (here) return here.cancel(req);
    return this.send({ op: 'cancel', req: { userId: req.userId, orderId: req.orderId, instId: req.instId } }, cancelAnswer);
  }

  close(): void {
    this.sub?.unsubscribe();
    this.sub = null;
  }

  private owned(): SpotOrders | null {
    return this.cluster.isLeader() ? this.local() : null;
  }

  private async send<T>(call: SpotCall, answer: z.ZodType<{ ok: true; value: T } | { ok: false; error: z.infer<typeof failure> }>): Promise<T> {
    let parsed: { ok: true; value: T } | { ok: false; error: z.infer<typeof failure> };
    try {
      const res = await this.cluster.request(this.subject, encoder.encode(JSON.stringify(call)), CALL_TIMEOUT_MS);
      parsed = answer.parse(JSON.parse(decoder.decode(res.data)));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'a spot order got no answer from the owner');
      throw venueCallFailed(err);
    }
    if (parsed.ok) return parsed.value;
    const e = parsed.error;
    throw new AppError(e.statusCode, e.message, e.code, e.retryAfterSeconds);
  }

  private open(): void {
    if (this.sub) return;
    this.sub = this.cluster.nats.subscribe(this.subject, {
      callback: (err, msg) => {
        if (err) this.log.warn({ err }, 'forwarded spot orders: subscription error');
        else void this.answer(msg);
      },
    });
  }

  private async answer(msg: Msg): Promise<void> {
    let call: SpotCall;
    try {
      call = spotCall.parse(JSON.parse(decoder.decode(msg.data)));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'a malformed forwarded spot order was dropped');
      return;
    }
    let reply: unknown;
    try {
      const spot = this.owned();
      if (!spot) throw new VenueMoved();
      if (call.op === 'place') {
        const { symbol, ...rest } = call.req;
        const coin = coinBySymbol(symbol);
        if (!coin) throw new AppError(400, serverMessages.notFound, 'UNKNOWN_COIN');
        reply = { ok: true, value: await spot.place({ kind: 'place', ...rest, coin }) };
      } else {
        reply = { ok: true, value: await spot.cancel({ kind: 'cancel', ...call.req }) };
      }
    } catch (err) {
      if (err instanceof AppError) {
        reply = { ok: false, error: { statusCode: err.statusCode, message: err.message, code: err.code, retryAfterSeconds: err.retryAfterSeconds } };
      } else {
        this.log.error({ err }, 'a forwarded spot order failed');
        reply = { ok: false, error: { statusCode: 500, message: serverMessages.internal } };
      }
    }
    const data = encoder.encode(JSON.stringify(reply));
    this.cluster.batch(
      () => msg.respond(data),
      (err) => this.log.warn({ err }, 'the answer to a forwarded spot order could not be sent'),
    );
  }
}
