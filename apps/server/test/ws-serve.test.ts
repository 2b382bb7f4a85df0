import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { afterEach, describe, expect, it } from 'vitest';
import { wsClose, wsErrorCodes } from '@exchange/contract';
import { PrivateChannels, privateWsRoutes, type PrivateWsSessions } from '../src/kernel/private-ws.js';
import { WsAddressCap } from '../src/plugins/ws-address-cap.js';
import { serveSocket, type SocketHandlers } from '../src/plugins/ws-serve.js';
import { isEvent, isPong, WsClient, type WsMessage } from './ws-client.js';

interface Served {
  app: FastifyInstance;
  url: string;
  logs: string[];
}

/** A bare Fastify app with the websocket plugin, its log lines kept for the test to read. */
async function serve(register: (app: FastifyInstance) => Promise<void> | void): Promise<Served> {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } });
  await app.register(websocket);
  await app.register(async (scope) => register(scope));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`, logs };
}

const echo = (m: WsMessage) => typeof m === 'string' && m.startsWith('echo:');

describe('serveSocket', () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.app.close();
    served = undefined;
  });

  async function echoServer(close: SocketHandlers['close'] = () => undefined): Promise<Served> {
    return serve((app) => {
      app.get('/ws/test', { websocket: true }, (socket, request) => {
        serveSocket(socket, request, new WsAddressCap(0), {
          message(raw) {
            const text = raw.toString('utf8');
            if (text === 'throw') throw new Error('sync handler failure');
            if (text === 'reject') return Promise.reject(new Error('async handler failure'));
            socket.send(`echo:${text}`);
          },
          close,
        });
      });
    });
  }

  it.each([
    ['throws', 'throw', 'sync handler failure'],
    ['rejects', 'reject', 'async handler failure'],
  ])('closes only the socket whose handler %s, with an error event and 1011', async (_how, trigger, logged) => {
    served = await echoServer();
    const [victim, bystander] = await Promise.all([WsClient.open(`${served.url}/ws/test`), WsClient.open(`${served.url}/ws/test`)]);
    victim.send(trigger);
    expect(await victim.next(isEvent('error'))).toEqual({ event: 'error', code: wsErrorCodes.internalError, msg: 'Internal error' });
    expect(await victim.closed).toEqual(wsClose.internalError);

    bystander.send('still there');
    expect(await bystander.next(echo)).toBe('echo:still there');
    const newcomer = await WsClient.open(`${served.url}/ws/test`);
    newcomer.send('hello');
    expect(await newcomer.next(echo)).toBe('echo:hello');
    expect(served.logs.some((line) => line.includes(logged))).toBe(true);
    bystander.close();
    newcomer.close();
  });

  it('survives a close handler that throws', async () => {
    served = await echoServer(() => {
      throw new Error('close handler failure');
    });
    const [leaving, staying] = await Promise.all([WsClient.open(`${served.url}/ws/test`), WsClient.open(`${served.url}/ws/test`)]);
    leaving.close();
    await leaving.closed;
    const deadline = Date.now() + 5000;
    while (!served.logs.some((line) => line.includes('close handler failure')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(served.logs.some((line) => line.includes('close handler failure'))).toBe(true);
    staying.send('ok');
    expect(await staying.next(echo)).toBe('echo:ok');
    staying.close();
  });

  it('closes a private socket whose login check fails, without logging the token', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.secret-session-token.signature';
    const sessions: PrivateWsSessions = {
      resolve: () => Promise.reject(new Error('session store unreachable')),
      onEnded: () => () => undefined,
    };
    served = await serve(async (app) => {
      await app.register(privateWsRoutes, { channels: new PrivateChannels(), sessions, connections: new WsAddressCap(0) });
    });
    const [victim, bystander] = await Promise.all([
      WsClient.open(`${served.url}/ws/private`),
      WsClient.open(`${served.url}/ws/private`),
    ]);
    victim.send({ op: 'login', args: [{ token }] });
    expect(await victim.next(isEvent('error'))).toMatchObject({ code: wsErrorCodes.internalError });
    expect(await victim.closed).toEqual(wsClose.internalError);

    bystander.send('ping');
    expect(await bystander.next(isPong)).toBe('pong');
    expect(served.logs.some((line) => line.includes('session store unreachable'))).toBe(true);
    expect(served.logs.join('\n')).not.toContain('secret-session-token');
    bystander.close();
  });
});
