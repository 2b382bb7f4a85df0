import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsClose } from '@exchange/contract';
import { loadConfig } from '../src/config.js';
import { WsAddressCap } from '../src/plugins/ws-address-cap.js';
import { serveSocket } from '../src/plugins/ws-serve.js';
import { startApp, type TestApp, FEATURE_DB } from './helpers.js';
import { isPong, WsClient } from './ws-client.js';

/** Whether the server kept the socket: it answers a ping, where a refused one is closed instead. */
async function admitted(client: WsClient): Promise<boolean> {
  client.send('ping');
  return Promise.race([
    client.next(isPong).then(
      () => true,
      () => false,
    ),
    client.closed.then(() => false),
  ]);
}

describe('WsAddressCap', () => {
  it('admits up to the cap per address and one more after a release', () => {
    const cap = new WsAddressCap(2);
    expect([cap.admit('a'), cap.admit('a'), cap.admit('a')]).toEqual([true, true, false]);
    expect(cap.admit('b')).toBe(true);
    cap.release('a');
    expect([cap.admit('a'), cap.admit('a')]).toEqual([true, false]);
  });

  it('has no cap at 0', () => {
    const cap = new WsAddressCap(0);
    for (let i = 0; i < 1000; i++) expect(cap.admit('a')).toBe(true);
  });

  it('reads WS_MAX_CONNECTIONS_PER_IP', () => {
    expect(loadConfig({ JWT_SECRET: 'x' }).wsMaxConnectionsPerIp).toBe(50);
    expect(loadConfig({ JWT_SECRET: 'x', WS_MAX_CONNECTIONS_PER_IP: '0' }).wsMaxConnectionsPerIp).toBe(0);
    expect(() => loadConfig({ JWT_SECRET: 'x', WS_MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(/WS_MAX_CONNECTIONS_PER_IP/);
  });
});

describe('the websocket connection cap', () => {
  const CAP = 3;
  let t: TestApp;
  let base: string;
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { wsMaxConnectionsPerIp: CAP, trustProxy: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('closes the connection past the cap from one address, counted across both routes', async () => {
    const address = '203.0.113.7';
    const open = [
      await WsClient.open(`${base}/ws/public`, from(address)),
      await WsClient.open(`${base}/ws/private`, from(address)),
      await WsClient.open(`${base}/ws/public`, from(address)),
    ];
    for (const client of open) expect(await admitted(client)).toBe(true);

    for (const route of ['/ws/public', '/ws/private']) {
      const refused = await WsClient.open(`${base}${route}`, from(address));
      expect(await refused.closed).toEqual(wsClose.tooManyConnections);
    }

    const elsewhere = await WsClient.open(`${base}/ws/private`, from('203.0.113.8'));
    expect(await admitted(elsewhere)).toBe(true);

    const [leaving, ...staying] = open;
    leaving?.close();
    await leaving?.closed;
    // The server counts the close when its side of the socket ends, a moment after the client's.
    let again = await WsClient.open(`${base}/ws/public`, from(address));
    for (let tries = 0; !(await admitted(again)) && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await WsClient.open(`${base}/ws/public`, from(address));
    }
    expect(again.isOpen).toBe(true);
    for (const client of [...staying, elsewhere, again]) {
      expect(await admitted(client)).toBe(true);
      client.close();
    }
  });
});

describe('the cap without TRUST_PROXY', () => {
  it('counts the connecting address, whatever X-Forwarded-For claims', async () => {
    const app = Fastify({ trustProxy: false });
    await app.register(websocket);
    const cap = new WsAddressCap(1);
    app.get('/ws', { websocket: true }, (socket, request) => {
      serveSocket(socket, request, cap, {
        message: (raw) => socket.send(raw.toString('utf8') === 'ping' ? 'pong' : 'ignored'),
        close: () => undefined,
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
      const first = await WsClient.open(url, { 'X-Forwarded-For': '198.51.100.1' });
      expect(await admitted(first)).toBe(true);
      const spoofed = await WsClient.open(url, { 'X-Forwarded-For': '198.51.100.2' });
      expect(await spoofed.closed).toEqual(wsClose.tooManyConnections);
      first.close();
    } finally {
      await app.close();
    }
  });
});
