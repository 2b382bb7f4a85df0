import { z } from 'zod';
import { jsonBody, oneOf, text } from './fields.js';
import { OKX_BARS, type OkxBar } from './okx/public.js';
import { fillUpdate, orderUpdate } from './spot.js';
import { depositRecord } from './funds.js';
import { withdrawalRecord } from './withdrawals.js';

/**
 * The two websockets speak the OKX v5 protocol: /ws/public carries market data, /ws/private a
 * logged-in user's own orders and fills. Every client frame is parsed by one of the message
 * schemas below before the server reads any of it.
 */

/** Larger client frames are refused unread: a subscribe with 100 args fits easily. */
export const WS_MAX_MESSAGE_BYTES = 16 * 1024;

/** OKX error codes the sockets answer, in `{"event":"error","code":…,"msg":…}`. */
export const wsErrorCodes = {
  loginFailed: '60009',
  notLoggedIn: '60011',
  invalidRequest: '60012',
  /** More subscribe and unsubscribe requests on one connection than OKX allows in an hour (480). */
  requestsTooFrequent: '60014',
  wrongChannel: '60018',
  /** OKX's "service temporarily unavailable": sent just before the server closes a socket it failed on. */
  internalError: '50001',
} as const;

/** Close codes and reasons of a socket the server ends itself. */
export const wsClose = {
  internalError: { code: 1011, reason: 'Internal error' },
  tooManyConnections: { code: 1013, reason: 'Too many connections from this address' },
  /** The session the socket logged in with was ended (a password reset): log in again. */
  sessionEnded: { code: 1008, reason: 'Session ended' },
} as const;

/** The keep-alive: the text frame `ping` is answered with the text frame `pong`, not JSON. */
export const wsPing = z.literal('ping');
export const WS_PONG = 'pong';

/** A text frame holding JSON, parsed inside the schema so no caller handles the raw value. */
const jsonText = z.string().transform((text, ctx): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'The message is not JSON' });
    return z.NEVER;
  }
});

const subscribeOp = oneOf('op', ['subscribe', 'unsubscribe']);

/** The `args` list of a request: its items are objects. */
function argsOf<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.array(z.object(shape, { error: 'Each of args must be an object' }), { error: 'args must be a list' });
}
export type WsSubscribeOp = z.infer<typeof subscribeOp>;

export const publicWsChannel = z.enum(['books', 'books5', 'bbo-tbt', 'tickers', 'trades', 'mark-price', 'funding-rate', 'open-interest']);
/** Channels of a perpetual contract only (instId such as BTC-USDT-SWAP), as OKX names them. */
export const SWAP_ONLY_CHANNELS: readonly string[] = ['mark-price', 'funding-rate', 'open-interest'];
export type PublicWsChannel = z.infer<typeof publicWsChannel>;

/** /ws/v5/business: a market's bars, `candle` + one of OKX's bars (`candle1m`, `candle1H`, `candle1Dutc`...). */
export const businessWsChannel = z.enum(OKX_BARS.map((bar) => `candle${bar}` as const) as [`candle${OkxBar}`, ...`candle${OkxBar}`[]]);
export type BusinessWsChannel = z.infer<typeof businessWsChannel>;

/**
 * `{"op":"subscribe","args":[{"channel":"books5","instId":"BTC-USDT"}]}`. Channel and instId are
 * any text here: an unknown one is answered per arg with 60018, as OKX does, and so is an arg
 * without instId (a signed channel, `orders` or `account`, sent to the public URL).
 */
export const publicWsRequest = jsonBody({
  op: subscribeOp,
  args: argsOf({ channel: text('channel'), instId: text('instId').optional() }),
});
export type PublicWsRequest = z.infer<typeof publicWsRequest>;
export const publicWsMessage = z.union([wsPing, jsonText.pipe(publicWsRequest)]);

export const privateWsChannel = z.enum(['orders', 'fills', 'positions', 'futures-orders', 'deposits', 'withdrawals', 'notifications']);
export type PrivateWsChannel = z.infer<typeof privateWsChannel>;

export const privateWsLogin = jsonBody({
  op: z.literal('login', { error: 'op must be login, subscribe or unsubscribe' }),
  /** One session per socket: OKX's bulk login is not offered. */
  args: z.tuple([z.object({ token: text('token') }, { error: 'Each of args must be an object' })], { error: 'args must hold one login' }),
});
export const privateWsSubscribe = jsonBody({
  op: subscribeOp,
  args: argsOf({ channel: text('channel') }),
});
/** `{"op":"login","args":[{"token":"<jwt>"}]}`, then `{"op":"subscribe","args":[{"channel":"orders"}]}`. */
export const privateWsRequest = z.discriminatedUnion('op', [privateWsLogin, privateWsSubscribe]);
export type PrivateWsRequest = z.infer<typeof privateWsRequest>;
export const privateWsMessage = z.union([wsPing, jsonText.pipe(privateWsRequest)]);

/** The server's answers. */
export const wsErrorEvent = z.object({
  event: z.literal('error'),
  code: z.string(),
  msg: z.string(),
  /** Public socket only: the connection's id, as OKX sends it. */
  connId: z.string().optional(),
});
export type WsErrorEvent = z.infer<typeof wsErrorEvent>;

export const wsLoginEvent = z.object({ event: z.literal('login'), code: z.literal('0') });
export type WsLoginEvent = z.infer<typeof wsLoginEvent>;

export const publicWsAck = z.object({
  event: subscribeOp,
  arg: z.object({ channel: z.union([publicWsChannel, businessWsChannel]), instId: z.string() }),
  connId: z.string(),
});
export type PublicWsAck = z.infer<typeof publicWsAck>;

export const privateWsAck = z.object({ event: subscribeOp, arg: z.object({ channel: privateWsChannel }) });
export type PrivateWsAck = z.infer<typeof privateWsAck>;

/** A public push: OKX's field names, every value a string (see the OKX v5 docs per channel). */
export const publicWsPush = z.union([
  z.object({
    arg: z.object({ channel: publicWsChannel, instId: z.string() }),
    data: z.array(z.record(z.string(), z.unknown())),
  }),
  /** A bar: `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`, as the REST candles. */
  z.object({
    arg: z.object({ channel: businessWsChannel, instId: z.string() }),
    data: z.array(z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string()])),
  }),
]);
export type PublicWsPush = z.infer<typeof publicWsPush>;

export const privateWsPush = z.union([
  z.object({ arg: z.object({ channel: z.literal('orders') }), data: z.array(orderUpdate) }),
  z.object({ arg: z.object({ channel: z.literal('fills') }), data: z.array(fillUpdate) }),
  z.object({ arg: z.object({ channel: z.literal('deposits') }), data: z.array(depositRecord) }),
  z.object({ arg: z.object({ channel: z.literal('withdrawals') }), data: z.array(withdrawalRecord) }),
]);
export type PrivateWsPush = z.infer<typeof privateWsPush>;
