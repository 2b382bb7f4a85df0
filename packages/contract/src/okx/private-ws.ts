import { z } from 'zod';
import { text } from '../fields.js';
import { OKX_PARAM_MAX_LENGTH } from './public.js';
import { OKX_BATCH_MAX, okxOrder, okxOrderAck, okxPlaceOrderBody } from './trade.js';

/**
 * OKX v5's private websocket (issue 42), /ws/v5/private: a signed `login`, the `orders`, `account`,
 * `positions` and `balance_and_position` channels, and order entry (`order`, `batch-orders`,
 * `cancel-order`, `batch-cancel-orders`, `amend-order`) answered by the request's `id`. Frames and
 * codes as OKX documents them ("WebSocket", "Order Book Trading > Trade > WS"), so ccxt's okx class
 * speaks to it unchanged.
 */

/** OKX's codes of the private socket's error events and replies. */
export const okxWsCodes = {
  invalidTimestamp: { code: '60004', msg: 'Invalid timestamp' },
  invalidKey: { code: '60005', msg: 'Invalid apiKey' },
  timestampExpired: { code: '60006', msg: 'Timestamp request expired' },
  invalidSign: { code: '60007', msg: 'Invalid sign' },
  loginFailed: { code: '60009', msg: 'Login failure' },
  notLoggedIn: { code: '60011', msg: 'Please log in' },
  invalidRequest: { code: '60012', msg: 'Invalid request' },
  invalidArgs: { code: '60013', msg: 'Invalid args' },
  tooFrequent: { code: '60014', msg: 'Requests too frequent' },
  wrongChannel: { code: '60018', msg: "Wrong URL or channel:{0} doesn't exist. Please use the correct URL, channel and parameters referring to API document." },
  invalidOp: { code: '60019', msg: 'Invalid op: {0}' },
  subscriptionLimit: { code: '60020', msg: 'APIKey subscription amount exceeds the limit {0}' },
  wrongPassphrase: { code: '60024', msg: 'Wrong passphrase' },
  repeatedLogin: { code: '60030', msg: 'The WebSocket endpoint does not allow multiple or repeated logins.' },
} as const;

/** Larger frames are refused unread: a batch of 20 orders is about 5 KB. */
export const OKX_WS_MAX_MESSAGE_BYTES = 16 * 1024;
/** Channel subscriptions one connection may hold (OKX: 480 per connection and hour for its ops). */
export const OKX_WS_MAX_SUBSCRIPTIONS = 20;
/** Requests one connection may send per second (OKX: 480 subscribe/unsubscribe/login per hour; its order ops follow the per-key limits). */
export const OKX_WS_MAX_MESSAGES_PER_SECOND = 100;

/**
 * Lengths are refinements, not zod's max: its length check also runs on a value that failed the type,
 * and a client's `{"length":{"toString":1}}` would throw inside it.
 */
const short = (label: string, max = OKX_PARAM_MAX_LENGTH) => text(label).refine((value) => value.length <= max, `${label} is too long`);

/** OKX's message id: letters and digits, 1 to 32; ccxt sends a counter. */
export const okxWsId = z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'id must be 1 to 32 letters and digits');

/** The login's one arg: the key, its passphrase, a Unix time in seconds, and the signature of `timestamp + 'GET' + '/users/self/verify'`. */
export const okxWsLoginArg = z.object({
  apiKey: short('apiKey', 64),
  passphrase: short('passphrase', 64),
  timestamp: short('timestamp', 40),
  sign: short('sign', 128),
});
export type OkxWsLoginArg = z.infer<typeof okxWsLoginArg>;

export const okxWsPrivateChannel = z.enum(['orders', 'orders-algo', 'account', 'positions', 'balance_and_position']);
export type OkxWsPrivateChannel = z.infer<typeof okxWsPrivateChannel>;

/** A subscription: the channel, and the filters OKX takes for it (instType, instFamily, instId, ccy). */
export const okxWsSubscribeArg = z.object({
  channel: short('channel'),
  instType: short('instType').optional(),
  instFamily: short('instFamily').optional(),
  instId: short('instId').optional(),
  ccy: short('ccy').optional(),
  extraParams: short('extraParams', 200).optional(),
});
export type OkxWsSubscribeArg = z.infer<typeof okxWsSubscribeArg>;

/** A cancel: ordId or clOrdId, and the instrument (ccxt's cancelOrderWs names it by instIdCode, which this server has none of, so it may be missing). */
export const okxWsCancelArg = z.object({
  instId: short('instId').optional(),
  instIdCode: z.union([z.number(), z.string()]).optional(),
  ordId: z.string().regex(/^\d{0,20}$/, 'ordId must be digits').optional(),
  clOrdId: z.string().regex(/^[A-Za-z0-9]{0,32}$/, 'clOrdId must be up to 32 letters and digits').optional(),
});
export type OkxWsCancelArg = z.infer<typeof okxWsCancelArg>;

const list = <T extends z.ZodTypeAny>(arg: T, max: number) =>
  z
    .array(arg, { error: 'args must be a list' })
    .refine((args) => args.length > 0, 'args can not be empty')
    .refine((args) => args.length <= max, `at most ${max} args`);

const subscribeArgs = list(okxWsSubscribeArg, OKX_WS_MAX_SUBSCRIPTIONS);
const amendArgs = list(z.record(short('key', 40), z.unknown()), OKX_BATCH_MAX);

/** The frames a client sends, besides the text `ping`: the op decides the args' shape. */
export const okxWsRequest = z.discriminatedUnion('op', [
  /** One key per socket: OKX's bulk login is not offered. */
  z.object({ op: z.literal('login'), args: z.tuple([okxWsLoginArg], { error: 'args must hold one login' }) }),
  z.object({ op: z.literal('subscribe'), id: okxWsId.optional(), args: subscribeArgs }),
  z.object({ op: z.literal('unsubscribe'), id: okxWsId.optional(), args: subscribeArgs }),
  z.object({ op: z.literal('order'), id: okxWsId, args: list(okxPlaceOrderBody, 1) }),
  z.object({ op: z.literal('batch-orders'), id: okxWsId, args: list(okxPlaceOrderBody, OKX_BATCH_MAX) }),
  z.object({ op: z.literal('cancel-order'), id: okxWsId, args: list(okxWsCancelArg, 1) }),
  z.object({ op: z.literal('batch-cancel-orders'), id: okxWsId, args: list(okxWsCancelArg, OKX_BATCH_MAX) }),
  /** Amending is not offered yet: the args are only bounded, and the op is answered with OKX's "unavailable". */
  z.object({ op: z.literal('amend-order'), id: okxWsId, args: amendArgs }),
  z.object({ op: z.literal('batch-amend-orders'), id: okxWsId, args: amendArgs }),
]);
export type OkxWsRequest = z.infer<typeof okxWsRequest>;
export const OKX_WS_OPS = ['login', 'subscribe', 'unsubscribe', 'order', 'batch-orders', 'cancel-order', 'batch-cancel-orders', 'amend-order', 'batch-amend-orders'] as const;

/** The request's envelope alone, read when its args fail: the reply still names its op and id. */
export const okxWsEnvelope = z.object({ op: short('op', 40), id: okxWsId.optional() });

/** What the server sends. */
export const okxWsEvent = z.object({ event: z.string(), code: z.string().optional(), msg: z.string().optional(), arg: z.record(z.string(), z.string()).optional(), connId: z.string() });
export type OkxWsEvent = z.infer<typeof okxWsEvent>;
/** An order op's reply: code "0" (all placed), "1" (none), "2" (some); a request refused whole has an error code and no data. */
export const okxWsOpReply = z.object({
  id: z.string(),
  op: z.string(),
  code: z.string(),
  msg: z.string(),
  data: z.array(okxOrderAck),
  inTime: z.string(),
  outTime: z.string(),
});
export type OkxWsOpReply = z.infer<typeof okxWsOpReply>;

const pushArg = <C extends z.ZodTypeAny>(channel: C) => z.object({ channel }).catchall(z.string());
/** A push: the subscription's arg echoed, and the rows; an `orders` row is an order in OKX's fields (GET /trade/order's). */
export const okxWsPush = z.union([
  z.object({ arg: pushArg(z.literal('orders')), data: z.array(okxOrder) }),
  z.object({ arg: pushArg(z.enum(['account', 'positions', 'balance_and_position'])), data: z.array(z.record(z.string(), z.unknown())) }),
]);
