import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  OKX_WS_MAX_MESSAGE_BYTES,
  OKX_WS_MAX_MESSAGES_PER_SECOND,
  OKX_WS_MAX_SUBSCRIPTIONS,
  OKX_WS_OPS,
  okxWsCodes,
  okxWsEnvelope,
  okxWsPrivateChannel,
  okxWsRequest,
  WS_PONG,
  type OkxWsLoginArg,
  type OkxWsPrivateChannel,
  type OkxWsRequest,
} from '@exchange/contract';
import { sendBounded } from '../../plugins/ws-send.js';
import type { SocketHandlers } from '../../plugins/ws-serve.js';
import { okxKeyLive, okxCodes, okxWsLogin, type KeyBox, type LiveKeys, type OkxWsLoginFailure } from '../api-keys/index.js';
import type { BalanceFeed } from './balance-feed.js';
import { errorFrame, loginFrame, opRefusal, subscribeFrame } from './frames.js';
import type { Conn, WsHub } from './hub.js';
import { runOrderOp, type OrderOpsDeps } from './order-ops.js';
import { positionSnapshot, type PositionSnapshotDeps } from './position-feed.js';

export interface ConnectionDeps extends OrderOpsDeps {
  hub: WsHub;
  balances: BalanceFeed;
  box: KeyBox;
  /** Told of a deleted key or a freeze at once (session events): each order op reads its key here. */
  keys: LiveKeys;
  positions: PositionSnapshotDeps;
}

/**
 * OKX splits its signed channels between two URLs (since June 2023): the algo orders' on
 * /ws/v5/business, the account's and orders' on /ws/v5/private. A channel on the other URL is
 * refused with 60018, as OKX refuses it, so a client pointed at the wrong one learns it at once.
 */
export const BUSINESS_CHANNELS: ReadonlySet<OkxWsPrivateChannel> = new Set(['orders-algo']);
export const PRIVATE_CHANNELS: ReadonlySet<OkxWsPrivateChannel> = new Set(['orders', 'account', 'positions', 'balance_and_position']);

const LOGIN_CODES: Record<OkxWsLoginFailure, { code: string; msg: string }> = {
  timestampInvalid: okxWsCodes.invalidTimestamp,
  timestampExpired: okxWsCodes.timestampExpired,
  keyInvalid: okxWsCodes.invalidKey,
  passphraseWrong: okxWsCodes.wrongPassphrase,
  signInvalid: okxWsCodes.invalidSign,
  ipNotAllowed: okxWsCodes.loginFailed,
};
/** Channels whose subscription must name an instType, as OKX's do. */
const TYPED = new Set(['orders', 'orders-algo', 'positions']);

/** How OKX names a refused subscription in 60018's text: the channel, then each filter as `key:value`. */
const namedArg = (raw: Record<string, unknown>): string =>
  Object.entries(raw)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'extraParams')
    .map(([k, v]) => (k === 'channel' ? v : `${k}:${v}`))
    .join(',');

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The handlers of one /ws/v5/private socket: login, subscriptions, order ops, ping. */
export function privateConnection(socket: WebSocket, request: FastifyRequest, deps: ConnectionDeps, channels: ReadonlySet<OkxWsPrivateChannel> = PRIVATE_CHANNELS): SocketHandlers {
  const conn: Conn = { socket, connId: randomBytes(4).toString('hex'), caller: null, subs: new Map() };
  const send = (text: string) => sendBounded(socket, text);
  let loggingIn = false;
  let window = { startedAt: 0, count: 0 };

  async function login(arg: OkxWsLoginArg): Promise<void> {
    if (conn.caller || loggingIn) return void send(errorFrame(okxWsCodes.repeatedLogin, conn.connId));
    loggingIn = true;
    try {
      const result = await okxWsLogin({ keys: deps.keys, box: deps.box, now: deps.place.now }, arg, request.ip);
      if (socket.readyState !== socket.OPEN) return;
      if (typeof result === 'string') return void send(errorFrame(LOGIN_CODES[result], conn.connId));
      deps.hub.add(conn, { userId: result.userId, apiKey: arg.apiKey, permissions: result.permissions });
      send(loginFrame(conn.connId));
    } finally {
      loggingIn = false;
    }
  }

  function subscribe(req: Extract<OkxWsRequest, { op: 'subscribe' | 'unsubscribe' }>): void {
    if (!conn.caller) return void send(errorFrame(okxWsCodes.notLoggedIn, conn.connId));
    for (const raw of req.args) {
      const channel = okxWsPrivateChannel.safeParse(raw.channel);
      if (!channel.success || !channels.has(channel.data)) {
        send(errorFrame(okxWsCodes.wrongChannel, conn.connId, namedArg(raw)));
        continue;
      }
      if (TYPED.has(channel.data) && !raw.instType) {
        send(errorFrame(okxWsCodes.invalidArgs, conn.connId));
        continue;
      }
      const arg = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'extraParams'));
      const key = JSON.stringify(arg);
      if (req.op === 'unsubscribe') {
        conn.subs.delete(key);
        send(subscribeFrame('unsubscribe', arg, conn.connId, req.id));
        continue;
      }
      if (!conn.subs.has(key) && conn.subs.size >= OKX_WS_MAX_SUBSCRIPTIONS) {
        send(errorFrame(okxWsCodes.subscriptionLimit, conn.connId, String(OKX_WS_MAX_SUBSCRIPTIONS)));
        continue;
      }
      const sub = { channel: channel.data, arg };
      conn.subs.set(key, sub);
      send(subscribeFrame('subscribe', arg, conn.connId, req.id));
      const failed = (err: unknown) => request.log.error({ err }, `${sub.channel} snapshot failed`);
      if (sub.channel === 'account' || sub.channel === 'balance_and_position') void deps.balances.snapshot(conn, sub).catch(failed);
      if (sub.channel === 'positions') void positionSnapshot(deps.positions, conn, sub).catch(failed);
    }
  }

  async function orderOp(req: Parameters<typeof runOrderOp>[2]): Promise<void> {
    const caller = conn.caller;
    if (!caller) return void send(errorFrame(okxWsCodes.notLoggedIn, conn.connId));
    // Every op: a cache read (LiveKeys), so a deleted key or a freeze counts from the next op on.
    const key = await okxKeyLive(deps.keys, caller.apiKey, deps.place.now());
    if (!key) {
      send(opRefusal(req.id, req.op, okxCodes.keyInvalid, Date.now()));
      socket.close(1008, 'API key revoked');
      return;
    }
    send(await runOrderOp(deps, caller, req, key.frozen));
  }

  /** OKX's per-connection limit on requests: past it in a second, the request is refused with 60014. */
  function tooFrequent(): boolean {
    const now = Date.now();
    if (now - window.startedAt >= 1_000) window = { startedAt: now, count: 0 };
    window.count += 1;
    return window.count > OKX_WS_MAX_MESSAGES_PER_SECOND;
  }

  return {
    message(raw, isBinary) {
      if (isBinary || raw.length > OKX_WS_MAX_MESSAGE_BYTES) return void send(errorFrame(okxWsCodes.invalidRequest, conn.connId));
      const text = raw.toString('utf8');
      if (text === 'ping') return void send(WS_PONG);
      if (tooFrequent()) return void send(errorFrame(okxWsCodes.tooFrequent, conn.connId));
      const json = parseJson(text);
      const envelope = okxWsEnvelope.safeParse(json);
      if (!envelope.success) return void send(errorFrame(okxWsCodes.invalidRequest, conn.connId));
      const { op, id } = envelope.data;
      if (!(OKX_WS_OPS as readonly string[]).includes(op)) return void send(errorFrame(okxWsCodes.invalidOp, conn.connId, op));
      const parsed = okxWsRequest.safeParse(json);
      if (!parsed.success) return void send(id && op !== 'login' ? opRefusal(id, op, okxWsCodes.invalidArgs, Date.now()) : errorFrame(okxWsCodes.invalidArgs, conn.connId));
      const req = parsed.data;
      if (req.op === 'login') return login(req.args[0]);
      if (req.op === 'subscribe' || req.op === 'unsubscribe') return subscribe(req);
      return orderOp(req);
    },
    close: () => deps.hub.remove(conn),
  };
}
