import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import {
  errorCodes,
  serverMessages,
  privateWsChannel,
  privateWsMessage,
  WS_MAX_MESSAGE_BYTES,
  WS_PONG,
  wsClose,
  wsErrorCodes,
  type PrivateWsAck,
  type PrivateWsChannel,
  type PrivateWsRequest,
  type WsErrorEvent,
  type WsLoginEvent,
} from '@exchange/contract';
import type { WsAddressCap } from '../../plugins/ws-address-cap.js';
import { serveSocket } from '../../plugins/ws-serve.js';
import type { VenueBus } from '../../venue/bus.js';
import { toHistoryRow } from './order-view.js';
import { endedBy } from '../sessions/events.js';
import { sendBounded } from '../../plugins/ws-send.js';

interface Session {
  socket: WebSocket;
  userId: string | null;
  /** The session (token) the socket logged in with. */
  sessionId: string | null;
  channels: Set<PrivateWsChannel>;
}

const error = (code: string, msg: string) => JSON.stringify({ event: 'error', code, msg } satisfies WsErrorEvent);

/**
 * /ws/private: a socket logs in with its session JWT, subscribes to `orders`, `fills`,
 * `positions`, `deposits` and/or `withdrawals`, and then receives its own user's order changes,
 * fills, futures positions, deposits and withdrawals (contract spot.ts, futures.ts, funds.ts,
 * withdrawals.ts), nobody else's.
 */
export const privateWsRoutes: FastifyPluginAsync<{
  bus: VenueBus;
  /** Brings the user's private rows (orders, fills, positions) to this process until the returned function is called. */
  watchUser: (userId: string) => () => void;
  connections: WsAddressCap;
  /** The futures positions' changes: each user's row (and a liquidation or deleveraging notice), built on demand. */
  positions?: (listener: (userId: string, row: () => unknown) => void) => () => void;
  /** A user's deposit or withdrawal changed (modules/funds). */
  deposits?: (listener: (userId: string, row: () => unknown) => void) => () => void;
  withdrawals?: (listener: (userId: string, row: () => unknown) => void) => () => void;
}> = async (app, opts) => {
  const byUser = new Map<string, Set<Session>>();
  /** Each user with a socket here, while their orders, fills and positions are brought to this process. */
  const watching = new Map<string, () => void>();
  // A row is built only for a user with a subscribed socket here: most orders have none.
  const push = (userId: string, channel: PrivateWsChannel, data: () => unknown): void => {
    const sessions = byUser.get(userId);
    if (!sessions) return;
    let text: string | null = null;
    for (const s of sessions) {
      if (!s.channels.has(channel)) continue;
      text ??= JSON.stringify({ arg: { channel }, data: [data()] });
      sendBounded(s.socket, text);
    }
  };
  const unsubscribe = opts.bus.subscribe((m) => {
    if (m.type !== 'committed' || byUser.size === 0) return;
    for (const o of m.orders) push(o.userId, 'orders', () => toHistoryRow(o));
    for (const f of m.fills) push(f.userId, 'fills', () => f.update);
  });
  const userFeeds = (['positions', 'deposits', 'withdrawals'] as const).map((channel) =>
    opts[channel]?.((userId, row) => {
      if (byUser.size > 0) push(userId, channel, row);
    }),
  );
  // A password reset ends every session, a change or the security centre some: their sockets close at once.
  const unsubscribeSessions = app.sessions.events.subscribe((event) => {
    for (const s of byUser.get(event.userId) ?? []) {
      if (s.sessionId && endedBy(event, s.sessionId)) s.socket.close(wsClose.sessionEnded.code, wsClose.sessionEnded.reason);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeSessions();
    for (const stop of userFeeds) stop?.();
    for (const stop of watching.values()) stop();
    watching.clear();
  });

  const forget = (s: Session): void => {
    if (!s.userId) return;
    const set = byUser.get(s.userId);
    set?.delete(s);
    if (set?.size !== 0) return;
    byUser.delete(s.userId);
    watching.get(s.userId)?.();
    watching.delete(s.userId);
  };

  /** The same authentication as every HTTP route, and the same verified-email rule as trading. */
  async function login(session: Session, token: string): Promise<void> {
    const found = await app.sessions.resolve(token);
    // Closed while its token was being checked: `forget` has run already and would never see it.
    if (session.socket.readyState !== session.socket.OPEN) return;
    if (!found) {
      sendBounded(session.socket, error(wsErrorCodes.loginFailed, 'Login failed'));
      return;
    }
    if (!found.emailVerified) {
      sendBounded(session.socket, error(errorCodes.emailNotVerified, serverMessages.emailNotVerified));
      return;
    }
    const { userId } = found;
    forget(session);
    session.userId = userId;
    session.sessionId = found.sessionId;
    let set = byUser.get(userId);
    if (!set) {
      set = new Set();
      byUser.set(userId, set);
      watching.set(userId, opts.watchUser(userId));
    }
    set.add(session);
    sendBounded(session.socket, JSON.stringify({ event: 'login', code: '0' } satisfies WsLoginEvent));
  }

  function subscribe(session: Session, request: Extract<PrivateWsRequest, { op: 'subscribe' | 'unsubscribe' }>): void {
    const { socket } = session;
    if (!session.userId) {
      sendBounded(socket, error(wsErrorCodes.notLoggedIn, 'Please log in'));
      return;
    }
    for (const arg of request.args) {
      const channel = privateWsChannel.safeParse(arg.channel);
      if (!channel.success) {
        sendBounded(socket, error(wsErrorCodes.wrongChannel, `Wrong channel:${arg.channel.slice(0, 50)}`));
        continue;
      }
      if (request.op === 'subscribe') session.channels.add(channel.data);
      else session.channels.delete(channel.data);
      sendBounded(socket, JSON.stringify({ event: request.op, arg: { channel: channel.data } } satisfies PrivateWsAck));
    }
  }

  app.get('/ws/private', { websocket: true }, (socket: WebSocket, request) => {
    const session: Session = { socket, userId: null, sessionId: null, channels: new Set() };
    serveSocket(socket, request, opts.connections, {
      message(raw, isBinary) {
        const text = isBinary || raw.length > WS_MAX_MESSAGE_BYTES ? null : raw.toString('utf8');
        const parsed = privateWsMessage.safeParse(text);
        if (!parsed.success) {
          sendBounded(socket, error(wsErrorCodes.invalidRequest, 'Invalid request'));
          return;
        }
        const message = parsed.data;
        if (message === 'ping') sendBounded(socket, WS_PONG);
        else if (message.op === 'login') return login(session, message.args[0].token);
        else subscribe(session, message);
      },
      close: () => forget(session),
    });
  });
};
