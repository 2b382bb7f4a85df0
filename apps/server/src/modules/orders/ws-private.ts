import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { errorCodes, serverMessages } from '@exchange/contract';
import type { SessionState } from '../sessions/queries.js';
import type { TradingService } from '../../trading/trading-service.js';

const MAX_MESSAGE_BYTES = 16 * 1024;
const CHANNELS = ['orders', 'fills'] as const;
type PrivateChannel = (typeof CHANNELS)[number];

interface Session {
  socket: WebSocket;
  userId: string | null;
  channels: Set<PrivateChannel>;
}

const error = (code: string, msg: string) => JSON.stringify({ event: 'error', code, msg });

/**
 * /ws/private: a socket logs in with its session JWT, subscribes to `orders` and/or `fills`, and
 * then receives its own user's order changes and fills (contract spot.ts), nobody else's.
 */
export const privateWsRoutes: FastifyPluginAsync<{ trading: TradingService }> = async (app, opts) => {
  const byUser = new Map<string, Set<Session>>();
  const unsubscribe = opts.trading.onPrivate((userId, channel, data) => {
    const sessions = byUser.get(userId);
    if (!sessions) return;
    const text = JSON.stringify({ arg: { channel }, data: [data()] });
    for (const s of sessions) if (s.channels.has(channel)) s.socket.send(text);
  });
  app.addHook('onClose', async () => unsubscribe());

  const forget = (s: Session): void => {
    if (!s.userId) return;
    const set = byUser.get(s.userId);
    set?.delete(s);
    if (set?.size === 0) byUser.delete(s.userId);
  };

  app.get('/ws/private', { websocket: true }, (socket: WebSocket) => {
    const session: Session = { socket, userId: null, channels: new Set() };
    socket.on('close', () => forget(session));
    socket.on('error', () => forget(session));
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const text = isBinary ? '' : raw.toString('utf8');
      if (text === 'ping') {
        socket.send('pong');
        return;
      }
      let request: { op?: unknown; args?: unknown };
      try {
        request = raw.length > MAX_MESSAGE_BYTES ? {} : (JSON.parse(text) as { op?: unknown; args?: unknown });
      } catch {
        request = {};
      }
      const args = Array.isArray(request?.args) ? (request.args as { token?: unknown; channel?: unknown }[]) : null;
      if (request?.op === 'login' && args) {
        void login(typeof args[0]?.token === 'string' ? args[0].token : '');
        return;
      }
      if ((request?.op === 'subscribe' || request?.op === 'unsubscribe') && args) {
        if (!session.userId) {
          socket.send(error('60011', 'Please log in'));
          return;
        }
        for (const arg of args) {
          const channel = CHANNELS.find((c) => c === arg?.channel);
          if (!channel) {
            socket.send(error('60018', `Wrong channel:${String(arg?.channel).slice(0, 50)}`));
            continue;
          }
          if (request.op === 'subscribe') session.channels.add(channel);
          else session.channels.delete(channel);
          socket.send(JSON.stringify({ event: request.op, arg: { channel } }));
        }
        return;
      }
      socket.send(error('60012', 'Invalid request'));
    });

    /** The same authentication as every HTTP route, and the same verified-email rule as trading. */
    async function login(token: string): Promise<void> {
      let found: SessionState | null = null;
      try {
        found = token ? await app.sessions.resolve(token) : null;
      } catch (err) {
        app.log.error({ err }, 'private websocket login failed');
      }
      if (!found) {
        socket.send(error('60009', 'Login failed'));
        return;
      }
      if (!found.emailVerified) {
        socket.send(error(errorCodes.emailNotVerified, serverMessages.emailNotVerified));
        return;
      }
      const userId = found.userId;
      forget(session);
      session.userId = userId;
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(session);
      socket.send(JSON.stringify({ event: 'login', code: '0' }));
    }
  });
};
