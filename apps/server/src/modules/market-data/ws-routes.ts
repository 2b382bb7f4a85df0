import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
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
import { serveSocket } from '../../plugins/ws-serve.js';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION, type PublicFeed } from './public-feed.js';
import { sendBounded } from '../../plugins/ws-send.js';

function errorEvent(code: string, msg: string, connId: string): string {
  return JSON.stringify({ event: 'error', code, msg, connId } satisfies WsErrorEvent);
}

function invalid(connId: string, detail: string): string {
  return errorEvent(wsErrorCodes.invalidRequest, `Invalid request: ${detail}`, connId);
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/**
 * The OKX v5 public websocket protocol: subscribe/unsubscribe ops, text ping → pong. The web app's
 * /ws/public and /ws/v5/public (where ccxt's okx class goes: its ws URL plus "/public") are one socket.
 */
export const PUBLIC_WS_PATHS = ['/ws/public', '/ws/v5/public'] as const;

export const publicWsRoutes: FastifyPluginAsync<{
  market: MarketData;
  feed: PublicFeed;
  connections: WsAddressCap;
}> = async (app, opts) => {
  const serve = (socket: WebSocket, request: FastifyRequest): void => {
    const connId = randomBytes(4).toString('hex');

    function handleArg(op: WsSubscribeOp, arg: PublicWsRequest['args'][number]): void {
      const channel = publicWsChannel.safeParse(arg.channel);
      const market = opts.market.market(arg.instId);
      if (!channel.success || !market || (SWAP_ONLY_CHANNELS.includes(channel.data) && market.kind === 'spot')) {
        const msg = `Wrong URL or channel:${truncate(arg.channel)}, instId:${truncate(arg.instId)} doesn't exist`;
        sendBounded(socket, errorEvent(wsErrorCodes.wrongChannel, msg, connId));
        return;
      }
      if (op === 'subscribe' && opts.feed.subscriptionCount(socket) >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
        sendBounded(socket, invalid(connId, `at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`));
        return;
      }
      const ack: PublicWsAck = { event: op, arg: { channel: channel.data, instId: market.instId }, connId };
      sendBounded(socket, JSON.stringify(ack));
      if (op === 'subscribe') opts.feed.subscribe(socket, channel.data, market);
      else opts.feed.unsubscribe(socket, channel.data, market);
    }

    serveSocket(socket, request, opts.connections, {
      message(raw, isBinary) {
        if (raw.length > WS_MAX_MESSAGE_BYTES) {
          sendBounded(socket, invalid(connId, 'message too large'));
          return;
        }
        const text = isBinary ? '' : raw.toString('utf8');
        const parsed = publicWsMessage.safeParse(isBinary ? null : text);
        if (!parsed.success) {
          sendBounded(socket, invalid(connId, truncate(text)));
          return;
        }
        const message = parsed.data;
        if (message === 'ping') sendBounded(socket, WS_PONG);
        else for (const arg of message.args) handleArg(message.op, arg);
      },
      close: () => opts.feed.removeSocket(socket),
    });
  };
  for (const path of PUBLIC_WS_PATHS) app.get(path, { websocket: true }, serve);
};
