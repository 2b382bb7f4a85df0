import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  businessWsChannel,
  publicWsChannel,
  SWAP_ONLY_CHANNELS,
  publicWsMessage,
  WS_MAX_MESSAGE_BYTES,
  WS_PONG,
  wsErrorCodes,
  type PublicWsAck,
  type PublicWsRequest,
  type WsErrorEvent,
  type WsSubscribeOp,
} from '@exchange/contract';
import type { MarketData } from './market-data.js';
import type { WsAddressCap } from '../../plugins/ws-address-cap.js';
import { serveSocket, type SocketHandlers } from '../../plugins/ws-serve.js';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION, type PublicFeed } from './public-feed.js';
import type { CandleFeed } from './candle-feed.js';
import { sendBounded } from '../../plugins/ws-send.js';
import type { Venue } from '../../venue/venue.js';

/** OKX's limit of subscribe and unsubscribe requests on one connection, per hour. */
export const MAX_REQUESTS_PER_HOUR = 480;
const HOUR_MS = 3_600_000;

function errorEvent(code: string, msg: string, connId: string): string {
  return JSON.stringify({ event: 'error', code, msg, connId } satisfies WsErrorEvent);
}

function invalid(connId: string, detail: string): string {
  return errorEvent(wsErrorCodes.invalidRequest, `Invalid request: ${detail}`, connId);
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

type AckChannel = PublicWsAck['arg']['channel'];

/** What a socket's channels are fed by: the public feed or the bars. */
interface ChannelFeed<C extends AckChannel> {
  subscriptionCount(socket: WebSocket): number;
  subscribe(socket: WebSocket, channel: C, market: Venue): void;
  unsubscribe(socket: WebSocket, channel: C, market: Venue): void;
  removeSocket(socket: WebSocket): void;
}

/** One OKX v5 socket: its channels (undefined: not served here, 60018) and their feed. */
interface SocketKind<C extends AckChannel> {
  feed: ChannelFeed<C>;
  channel(name: string, market: Venue): C | undefined;
  /** A signed part, as OKX's business socket has: the handlers of a socket's login and signed channels, when served. */
  signed?(socket: WebSocket, request: FastifyRequest): SocketHandlers | null;
}

/** The channels of /ws/v5/business that need a login (trading-api-ws serves them). */
const BUSINESS_SIGNED_CHANNELS = new Set(['orders-algo']);

/** A login, or a subscription naming a signed channel: the signed part's frame. */
function signedFrame(text: string): boolean {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof frame !== 'object' || frame === null) return false;
  const { op, args } = frame as { op?: unknown; args?: unknown };
  if (op === 'login') return true;
  return (op === 'subscribe' || op === 'unsubscribe') && Array.isArray(args) && args.some((a: unknown) => {
      // Only a string names a channel: String() of a client's object may throw (a toString that is not a function).
      const channel = typeof a === 'object' && a !== null ? (a as { channel?: unknown }).channel : undefined;
      return typeof channel === 'string' && BUSINESS_SIGNED_CHANNELS.has(channel);
    });
}

/**
 * The OKX v5 public websocket protocol: subscribe/unsubscribe ops, text ping → pong. The web app's
 * /ws/public and /ws/v5/public (where ccxt's okx class goes: its ws URL plus "/public") are one socket.
 */
export const PUBLIC_WS_PATHS = ['/ws/public', '/ws/v5/public'] as const;
/** Where ccxt's okx class (and OKX) puts the bar channels. */
export const BUSINESS_WS_PATH = '/ws/v5/business';

function okxSocket<C extends AckChannel>(market: MarketData, connections: WsAddressCap, kind: SocketKind<C>) {
  return (socket: WebSocket, request: FastifyRequest): void => {
    const connId = randomBytes(4).toString('hex');
    let windowStart = 0;
    let requests = 0;
    let signed: SocketHandlers | null | undefined;

    function handleArg(op: WsSubscribeOp, arg: PublicWsRequest['args'][number]): void {
      const venue = arg.instId === undefined ? undefined : market.market(arg.instId);
      const channel = venue && kind.channel(arg.channel, venue);
      if (!venue || !channel) {
        const named = arg.instId === undefined ? truncate(arg.channel) : `${truncate(arg.channel)},instId:${truncate(arg.instId)}`;
        const msg = `Wrong URL or channel:${named} doesn't exist. Please use the correct URL, channel and parameters referring to API document.`;
        sendBounded(socket, errorEvent(wsErrorCodes.wrongChannel, msg, connId));
        return;
      }
      if (op === 'subscribe' && kind.feed.subscriptionCount(socket) >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
        sendBounded(socket, invalid(connId, `at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`));
        return;
      }
      const ack: PublicWsAck = { event: op, arg: { channel, instId: venue.instId }, connId };
      sendBounded(socket, JSON.stringify(ack));
      if (op === 'subscribe') kind.feed.subscribe(socket, channel, venue);
      else kind.feed.unsubscribe(socket, channel, venue);
    }

    /** OKX's hourly budget of subscribe and unsubscribe requests; past it each is refused with 60014. */
    function withinBudget(): boolean {
      const now = Date.now();
      if (now - windowStart >= HOUR_MS) {
        windowStart = now;
        requests = 0;
      }
      requests += 1;
      return requests <= MAX_REQUESTS_PER_HOUR;
    }

    serveSocket(socket, request, connections, {
      message(raw, isBinary) {
        if (raw.length > WS_MAX_MESSAGE_BYTES) {
          sendBounded(socket, invalid(connId, 'message too large'));
          return;
        }
        const text = isBinary ? '' : raw.toString('utf8');
        if (kind.signed && text !== 'ping' && signedFrame(text)) {
          signed ??= kind.signed(socket, request);
          if (signed) return signed.message(raw, isBinary);
        }
        const parsed = publicWsMessage.safeParse(isBinary ? null : text);
        if (!parsed.success) {
          sendBounded(socket, invalid(connId, truncate(text)));
          return;
        }
        const message = parsed.data;
        if (message === 'ping') sendBounded(socket, WS_PONG);
        else if (!withinBudget()) sendBounded(socket, errorEvent(wsErrorCodes.requestsTooFrequent, 'Requests too frequent.', connId));
        else for (const arg of message.args) handleArg(message.op, arg);
      },
      close: () => {
        kind.feed.removeSocket(socket);
        signed?.close();
      },
    });
  };
}

export const publicWsRoutes: FastifyPluginAsync<{
  market: MarketData;
  feed: PublicFeed;
  candles: CandleFeed;
  connections: WsAddressCap;
  signed: { connect: ((socket: WebSocket, request: FastifyRequest) => SocketHandlers) | null };
}> = async (app, opts) => {
  const publicSocket = okxSocket(opts.market, opts.connections, {
    feed: opts.feed,
    channel(name, venue) {
      const channel = publicWsChannel.safeParse(name);
      return channel.success && !(SWAP_ONLY_CHANNELS.includes(channel.data) && venue.kind === 'spot') ? channel.data : undefined;
    },
  });
  for (const path of PUBLIC_WS_PATHS) app.get(path, { websocket: true }, publicSocket);
  const businessSocket = okxSocket(opts.market, opts.connections, {
    feed: opts.candles,
    channel: (name) => {
      const channel = businessWsChannel.safeParse(name);
      return channel.success ? channel.data : undefined;
    },
    signed: (socket, request) => opts.signed.connect?.(socket, request) ?? null,
  });
  app.get(BUSINESS_WS_PATH, { websocket: true }, businessSocket);
};
