import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { MarketService } from '../../market/market-service.js';
import { CHANNELS, MAX_SUBSCRIPTIONS_PER_CONNECTION, type Channel, type PublicFeed } from './public-feed.js';

/** Larger client messages are refused: a subscribe with 100 args fits easily. */
const MAX_MESSAGE_BYTES = 16 * 1024;

interface Arg {
  channel?: unknown;
  instId?: unknown;
}

function invalid(connId: string, detail: string): string {
  return JSON.stringify({ event: 'error', code: '60012', msg: `Invalid request: ${detail}`, connId });
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/** The OKX v5 public websocket protocol on /ws/public: subscribe/unsubscribe ops, text ping → pong. */
export const publicWsRoutes: FastifyPluginAsync<{ market: MarketService; feed: PublicFeed }> = async (app, opts) => {
  app.get('/ws/public', { websocket: true }, (socket: WebSocket) => {
    const connId = randomBytes(4).toString('hex');
    socket.on('close', () => opts.feed.removeSocket(socket));
    socket.on('error', () => opts.feed.removeSocket(socket));
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const text = isBinary ? '' : raw.toString('utf8');
      if (text === 'ping') {
        socket.send('pong');
        return;
      }
      if (raw.length > MAX_MESSAGE_BYTES) {
        socket.send(invalid(connId, 'message too large'));
        return;
      }
      let request: { op?: unknown; args?: unknown };
      try {
        request = JSON.parse(text) as { op?: unknown; args?: unknown };
      } catch {
        socket.send(invalid(connId, truncate(text)));
        return;
      }
      const op = request?.op;
      if ((op !== 'subscribe' && op !== 'unsubscribe') || !Array.isArray(request.args)) {
        socket.send(invalid(connId, truncate(text)));
        return;
      }
      for (const arg of request.args as Arg[]) handleArg(op, arg ?? {});
    });

    function handleArg(op: 'subscribe' | 'unsubscribe', arg: Arg): void {
      const channel = typeof arg.channel === 'string' ? arg.channel : '';
      const instId = typeof arg.instId === 'string' ? arg.instId : '';
      const market = opts.market.market(instId);
      if (!CHANNELS.includes(channel as Channel) || !market) {
        const msg = `Wrong URL or channel:${truncate(channel)}, instId:${truncate(instId)} doesn't exist`;
        socket.send(JSON.stringify({ event: 'error', code: '60018', msg, connId }));
        return;
      }
      if (op === 'subscribe' && opts.feed.subscriptionCount(socket) >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
        socket.send(invalid(connId, `at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`));
        return;
      }
      const ack = { event: op, arg: { channel, instId: market.instId }, connId };
      socket.send(JSON.stringify(ack));
      if (op === 'subscribe') opts.feed.subscribe(socket, channel as Channel, market);
      else opts.feed.unsubscribe(socket, channel as Channel, market);
    }
  });
};
