import { z } from 'zod';
import { executionType, fillUpdate, okxClOrdId, okxTag, orderSide, orderStatus } from '@exchange/contract';
import type { CancelReason, FinalStatus, OrderType, RejectReason, Side } from '@exchange/engine';
import { Dec } from '../shared/decimal.js';
import type { VenueMessage } from './events.js';

/**
 * A z.enum of every member of the union T: the compiler refuses a list that misses one, so a value
 * the engine learns later is not dropped as malformed on the other processes.
 */
const allOf =
  <T extends string>() =>
  <const L extends readonly [T, ...T[]]>(values: L & ([T] extends [L[number]] ? unknown : never)) =>
    z.enum(values);

const side = allOf<Side>()(['buy', 'sell']);
const orderType = allOf<OrderType>()(['limit', 'market', 'stop-limit']);
const rejectReason = allOf<RejectReason>()([
  'duplicate-id',
  'invalid-qty',
  'invalid-price',
  'invalid-budget',
  'invalid-stop-price',
  'invalid-tif',
  'post-only-would-cross',
  'fok-unfillable',
  'unknown-order',
]);
const cancelReason = allOf<CancelReason>()(['user', 'ioc', 'market', 'self-trade', 'post-only-would-cross', 'fok-unfillable']);
const finalStatus = allOf<FinalStatus>()(['filled', 'cancelled', 'expired']);

const id = z.string();
const num = z.number();
const numOrNull = z.number().nullable();
/** What Dec's toJSON prints (decimal.js may use an exponent). */
const dec = z
  .string()
  .regex(/^-?\d+(\.\d+)?(e[+-]\d+)?$/)
  .transform((v) => new Dec(v));
const date = z.iso.datetime().transform((v) => new Date(v));

const trade = z.object({
  id: num,
  symbol: z.string(),
  price: z.string(),
  qty: z.string(),
  takerSide: side,
  makerOrderId: id,
  takerOrderId: id,
  ts: num,
});

const venueEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('accepted'),
    orderId: id,
    owner: z.string(),
    side,
    orderType,
    price: numOrNull,
    qty: numOrNull,
    budget: numOrNull,
    stopPrice: numOrNull,
    seq: num,
  }),
  z.object({ type: z.literal('rejected'), orderId: id, owner: z.string().nullable(), reason: rejectReason }),
  z.object({
    type: z.literal('fill'),
    tradeId: num,
    price: num,
    qty: num,
    takerSide: side,
    makerOrderId: id,
    takerOrderId: id,
    makerOwner: z.string(),
    takerOwner: z.string(),
    makerRemaining: num,
    takerRemaining: numOrNull,
    trade,
  }),
  z.object({ type: z.literal('cancelled'), orderId: id, owner: z.string(), reason: cancelReason, remainingQty: numOrNull }),
  z.object({ type: z.literal('triggered'), orderId: id, owner: z.string(), stopPrice: num, lastPrice: num, seq: num }),
  z.object({
    type: z.literal('done'),
    orderId: id,
    owner: z.string(),
    status: finalStatus,
    filledQty: num,
    remainingQty: numOrNull,
    budgetLeft: numOrNull,
  }),
]);

const userOrderState = z.object({
  id,
  userId: z.string(),
  coin: z.object({ pair_id: num, name: z.string(), symbol: z.string() }),
  createdAt: date,
  side: orderSide,
  execType: executionType,
  price: z.string().nullable(),
  stopPrice: z.string().nullable(),
  amount: z.string(),
  filled: dec,
  filledQuote: dec,
  fee: dec,
  feeAsset: z.string(),
  status: orderStatus,
  clOrdId: okxClOrdId,
  tag: okxTag,
});

const venueMessage: z.ZodType<VenueMessage> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('committed'),
    instId: z.string(),
    events: z.array(venueEvent),
    orders: z.array(userOrderState),
    fills: z.array(z.object({ userId: z.string(), update: fillUpdate })),
  }),
  z.object({ type: z.literal('reset'), instId: z.string() }),
]);

/** Dec and Date fields are written by their toJSON, which `decodeVenueMessage` reads back. */
export function encodeVenueMessage(message: VenueMessage): string {
  return JSON.stringify(message);
}

/** Throws on anything that is not a venue message as `encodeVenueMessage` writes it. */
export function decodeVenueMessage(text: string): VenueMessage {
  return venueMessage.parse(JSON.parse(text));
}
