import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, fillUpdate, orderUpdate } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { createPostgresDatabase, manualClock, testConfig } from '../helpers.js';
import { fund, insideSpread, newUser, placeOrder, type TestUser } from '../trading/trading-helpers.js';
import { openOk, toFutures } from '../futures/futures-helpers.js';
import { isEvent, isPush, WsClient, type WsMessage } from '../ws-client.js';
import { crossed, testClusterConfig, wire } from './cluster-helpers.js';

/** A public socket that also keeps every frame's text, to compare the strings two processes sent. */
interface Subscriber {
  client: WsClient;
  texts: string[];
}

const argOf = (channel: string, instId: string) => `{"arg":${JSON.stringify({ channel, instId })},`;
const pushesOf = (s: Subscriber, channel: string, instId: string) => s.texts.filter((t) => t.startsWith(argOf(channel, instId)));

/**
 * Two server processes on one database and one namespace: A owns the venues (it took the lease
 * before B started), B follows. The market moves only on A; what B's clients see must be A's.
 */
describe('market data from the leader on a follower', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: App;
  let b: App;
  let clock: number;
  const clients: WsClient[] = [];

  const wsUrl = (app: App, path: string) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;
  const subscriber = async (app: App, args: { channel: string; instId: string }[]): Promise<Subscriber> => {
    const client = await WsClient.open(wsUrl(app, '/ws/public'));
    clients.push(client);
    const texts: string[] = [];
    client.ws.on('message', (raw: Buffer) => texts.push(raw.toString('utf8')));
    client.send({ op: 'subscribe', args });
    for (const _ of args) await client.next(isEvent('subscribe'));
    return { client, texts };
  };
  /** Moves the market one step on A, and has it trade on `instId`. */
  const trade = async (instId: string) => {
    clock += 1000;
    await a.services.simulation.step(clock);
    await a.services.clock.tick(clock);
    expect(await a.services.simulation.forceTrade(instId, 'sell')).toBe(true);
  };
  /** Waits until B's subscriber holds as many pushes of the topic as A's, then both lists. */
  const settled = async (onA: Subscriber, onB: Subscriber, channel: string, instId: string) => {
    await onA.client.next(isPush(channel, instId));
    await crossed(a, b);
    for (let i = 0; i < 100 && pushesOf(onB, channel, instId).length < pushesOf(onA, channel, instId).length; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    return [pushesOf(onA, channel, instId), pushesOf(onB, channel, instId)];
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One start time for both: each process generates the chart's simulated past up to its own start.
    const config = testConfig({ databaseUrl: database.url, cluster: testClusterConfig(), now: manualClock().now });
    a = await buildApp(config);
    expect(await a.services.venueLease?.takeNow()).toBe(true);
    // B starts while A leads: it asks A for the feed's newest messages.
    b = await buildApp(config);
    for (const app of [a, b]) await app.listen({ port: 0, host: '127.0.0.1' });
    clock = a.services.market.now;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await b?.close();
    await a?.close();
    await database?.drop();
  });

  it('sends the same books5, tickers, bbo-tbt and mark-price strings on both, the first snapshot included', async () => {
    const args = [
      { channel: 'books5', instId: 'BTC-USDT' },
      { channel: 'tickers', instId: 'BTC-USDT' },
      { channel: 'mark-price', instId: 'BTC-USDT-SWAP' },
      { channel: 'bbo-tbt', instId: 'BTC-USDT' },
    ];
    const onA = await subscriber(a, args);
    const onB = await subscriber(b, args);
    const snapshotA = await onA.client.next(isPush('books5', 'BTC-USDT'));
    expect(await onB.client.next(isPush('books5', 'BTC-USDT'), 1000)).toEqual(snapshotA);
    expect(await onB.client.next(isPush('bbo-tbt', 'BTC-USDT'), 1000)).toEqual(await onA.client.next(isPush('bbo-tbt', 'BTC-USDT')));
    expect(await onB.client.next(isPush('tickers', 'BTC-USDT'), 1000)).toEqual(await onA.client.next(isPush('tickers', 'BTC-USDT')));

    await trade('BTC-USDT');
    for (const channel of ['books5', 'tickers', 'bbo-tbt']) {
      const [texts, relayed] = await settled(onA, onB, channel, 'BTC-USDT');
      expect(texts?.length, channel).toBeGreaterThan(1);
      expect(relayed, channel).toEqual(texts);
    }
    const [marks, relayedMarks] = await settled(onA, onB, 'mark-price', 'BTC-USDT-SWAP');
    expect(marks?.length).toBeGreaterThan(0);
    expect(relayedMarks).toEqual(marks);
  });

  it("shows A's trade on B's trades channel, coin list, chart and market clock", async () => {
    const args = [{ channel: 'trades', instId: 'ETH-USDT' }];
    const onA = await subscriber(a, args);
    const onB = await subscriber(b, args);
    await trade('ETH-USDT');
    const [texts, relayed] = await settled(onA, onB, 'trades', 'ETH-USDT');
    expect(relayed).toEqual(texts);
    const last = (JSON.parse(texts?.at(-1) ?? '{}') as { data: { px: string }[] }).data.at(-1);
    expect(last?.px).toMatch(/^\d/);

    await crossed(a, b);
    expect(b.services.market.now).toBe(a.services.market.now);
    const coinOf = async (app: App) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/coins?apikey=${DEFAULT_API_KEY}` });
      return (res.json() as { symbol: string }[]).find((c) => c.symbol === 'ETH');
    };
    const onB2 = await coinOf(b);
    expect(onB2).toMatchObject({ price: Number(last?.px) });
    expect(onB2).toEqual(await coinOf(a));

    const to = Math.floor(a.services.market.now / 1000) + 60;
    const history = async (app: App) =>
      (await app.inject({ method: 'GET', url: `/api/v1/udf/history?apikey=${DEFAULT_API_KEY}&symbol=ETH&resolution=1&from=${to - 3600}&to=${to}` })).json() as {
        c: number[];
      };
    const chart = await history(b);
    expect(chart.c.at(-1)).toBe(Number(last?.px));
    expect(chart).toEqual(await history(a));
  });

  const privateSocket = async (app: App, user: TestUser, channels: string[]) => {
    const socket = await WsClient.open(wsUrl(app, '/ws/private'));
    clients.push(socket);
    socket.send({ op: 'login', args: [{ token: user.token }] });
    expect(await socket.next(isEvent('login'))).toMatchObject({ code: '0' });
    socket.send({ op: 'subscribe', args: channels.map((channel) => ({ channel })) });
    for (const _ of channels) await socket.next(isEvent('subscribe'));
    return socket;
  };
  const dataOf = (m: WsMessage) => (m as { data: unknown[] }).data[0];

  it("pushes an order placed on A, and its fill, to the user's private socket on B", async () => {
    const owner = await newUser(a);
    const seller = await newUser(a);
    await fund(a, seller.userId, 'BTC', '1');
    const socket = await privateSocket(b, owner, ['orders', 'fills']);

    const price = insideSpread(a);
    const placed = await placeOrder(a, owner, { order_type: 'buy', price, amount: '0.001' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { order_id: string }).order_id;
    expect(orderUpdate.parse(dataOf(await socket.next(isPush('orders'))))).toMatchObject({ order_id: orderId, status: 'pending' });

    expect((await placeOrder(a, seller, { order_type: 'sell', price, amount: '0.001' })).statusCode).toBe(200);
    expect(fillUpdate.parse(dataOf(await socket.next(isPush('fills'))))).toMatchObject({ order_id: orderId, role: 'maker' });
    expect(orderUpdate.parse(dataOf(await socket.next(isPush('orders'))))).toMatchObject({ order_id: orderId, status: 'filled' });
  });

  it("pushes a futures position opened on A to the user's private socket on B", async () => {
    const owner = await newUser(a);
    const socket = await privateSocket(b, owner, ['positions']);
    await toFutures(a, owner, '200');
    const opened = await openOk(a, owner, { side: 'long', amount: '0.01', leverage: 20 });
    // The push is the position the order filled into (issue 41), not the order.
    expect(opened.position_id).not.toBeNull();
    expect(dataOf(await socket.next(isPush('positions')))).toMatchObject({ position_id: opened.position_id, event: 'changed' });
  });

  it('drops a malformed feed message on B and keeps relaying', async () => {
    const args = [{ channel: 'books5', instId: 'SOL-USDT' }];
    const onA = await subscriber(a, args);
    const onB = await subscriber(b, args);
    await onA.client.next(isPush('books5', 'SOL-USDT'));
    await onB.client.next(isPush('books5', 'SOL-USDT'));
    const subject = a.services.cluster?.subject('market.feed') ?? '';
    const eth = `{"arg":${JSON.stringify({ channel: 'books5', instId: 'ETH-USDT' })},"data":[]}`;
    a.services.cluster?.nats.publish(subject, wire([['books5:SOL-USDT', eth]]));
    a.services.cluster?.nats.publish(subject, wire('{not json'));
    await crossed(a, b);

    await trade('SOL-USDT');
    const [texts, relayed] = await settled(onA, onB, 'books5', 'SOL-USDT');
    expect(relayed).toEqual(texts);
    expect(onB.texts.some((t) => t.includes('ETH-USDT'))).toBe(false);
  });
});
