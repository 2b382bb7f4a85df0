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
import type { WsAddressCap } from '../plugins/ws-address-cap.js';
import { serveSocket } from '../plugins/ws-serve.js';
import { sendBounded } from '../plugins/ws-send.js';

interface Session {
  socket: WebSocket;
  userId: string | null;
  /** The session (token) the socket logged in with. */
  sessionId: string | null;
  channels: Set<PrivateWsChannel>;
}

const error = (code: string, msg: string) => JSON.stringify({ event: 'error', code, msg } satisfies WsErrorEvent);

/** Hands a row of one user's channel to the sockets subscribed to it here; the row is built only if one is. */
export type PushRow = (userId: string, channel: PrivateWsChannel, row: () => unknown) => void;

/**
 * The private channels' sources, as products contribute them (spot's orders and fills, futures'
 * positions, funds' deposits and withdrawals) before the endpoint opens.
 */
export class PrivateChannels {
  readonly feeds: ((push: PushRow) => () => void)[] = [];
  readonly watchers: ((userId: string) => () => void)[] = [];

  /** A source of rows: called once when the endpoint opens; the returned function stops it. */
  feed(source: (push: PushRow) => () => void): void {
    this.feeds.push(source);
  }

  /** Brings a user's private rows to this process while a socket of theirs is here (on a cluster, their subjects). */
  watchUser(watch: (userId: string) => () => void): void {
    this.watchers.push(watch);
  }
}

/** The sessions as the endpoint needs them: a token's live session, and the ends of sessions. */
export interface PrivateWsSessions {
  resolve(token: string): Promise<{ userId: string; sessionId: string; emailVerified: boolean } | null>;
  /** Told of each change to a user's sessions, with whether it ended a given session. */
  onEnded(listener: (userId: string, ended: (sessionId: string) => boolean) => void): () => void;
}

/**
 * /ws/private: a socket logs in with its session JWT, subscribes to `orders`, `fills`,
 * `positions`, `futures-orders`, `deposits` and/or `withdrawals`, and then receives its own user's rows on those
 * channels (contract spot.ts, futures.ts, funds.ts, withdrawals.ts), nobody else's.
 */
export const privateWsRoutes: FastifyPluginAsync<{
  channels: PrivateChannels;
  sessions: PrivateWsSessions;
  connections: WsAddressCap;
}> = async (app, opts) => {
  const byUser = new Map<string, Set<Session>>();
  /** Each user with a socket here, while their private rows are brought to this process. */
  const watching = new Map<string, () => void>();
  // A row is built only for a user with a subscribed socket here: most orders have none.
  const push: PushRow = (userId, channel, data) => {
    const sessions = byUser.get(userId);
    if (!sessions) return;
    let text: string | null = null;
    for (const s of sessions) {
      if (!s.channels.has(channel)) continue;
      text ??= JSON.stringify({ arg: { channel }, data: [data()] });
      sendBounded(s.socket, text);
    }
  };
  const feeds = opts.channels.feeds.map((source) => source(push));
  // A password reset ends every session, a change or the security centre some: their sockets close at once.
  const unsubscribeSessions = opts.sessions.onEnded((userId, ended) => {
    for (const s of byUser.get(userId) ?? []) {
      if (s.sessionId && ended(s.sessionId)) s.socket.close(wsClose.sessionEnded.code, wsClose.sessionEnded.reason);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribeSessions();
    for (const stop of feeds) stop();
    for (const stop of watching.values()) stop();
    watching.clear();
  });
  const watchUser = (userId: string): (() => void) => {
    const stops = opts.channels.watchers.map((watch) => watch(userId));
    return () => stops.forEach((stop) => stop());
  };

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
    const found = await opts.sessions.resolve(token);
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
      watching.set(userId, watchUser(userId));
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
