import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../src/modules/market-data/public-feed.js';
import { startApp, type TestApp, FEATURE_DB } from './helpers.js';
import { WsClient, type WsMessage } from './ws-client.js';

type Message = WsMessage;

const push = (channel: string, instId: string) => (m: Message) =>
  typeof m === 'object' && 'data' in m && (m.arg as { channel: string; instId: string }).channel === channel &&
  (m.arg as { instId: string }).instId === instId;
const event = (name: string) => (m: Message) => typeof m === 'object' && m.event === name;

/** Every frame the server sent before the ping has arrived once its pong has. */
async function pong(c: WsClient): Promise<void> {
  c.send('ping');
  await c.next((m) => m === 'pong');
}

interface BookData {
  asks: string[][];
  bids: string[][];
  instId: string;
  ts: string;
  seqId: number;
}

describe('public websocket /ws/public', () => {
  let t: TestApp;
  let url: string;
  let clock: number;
  const clients: WsClient[] = [];

  async function connect(): Promise<WsClient> {
    const c = await WsClient.open(url);
    clients.push(c);
    return c;
  }

  /** Moves the market until `instId` traded, so tickers and trades pushes follow. */
  async function driveTrade(instId: string): Promise<void> {
    clock += 1000;
    await t.app.services.simulation.step(clock);
    expect(await t.app.services.simulation.forceTrade(instId, 'sell')).toBe(true);
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/public`;
    clock = t.app.services.market.now;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
  });

  it('answers the text ping with pong', async () => {
    const c = await connect();
    c.send('ping');
    expect(await c.next((m) => m === 'pong')).toBe('pong');
  });

  it('acknowledges a books5 subscription and pushes at most 5 levels a side', async () => {
    const c = await connect();
    c.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
    const ack = await c.next(event('subscribe'));
    expect(ack).toMatchObject({ event: 'subscribe', arg: { channel: 'books5', instId: 'BTC-USDT' } });
    expect(typeof (ack as { connId: unknown }).connId).toBe('string');

    const first = (await c.next(push('books5', 'BTC-USDT'))) as { data: BookData[] };
    const book = first.data[0] as BookData;
    expect(book.asks.length).toBeGreaterThan(0);
    expect(book.asks.length).toBeLessThanOrEqual(5);
    expect(book.bids.length).toBeLessThanOrEqual(5);
    expect(book.instId).toBe('BTC-USDT');
    expect(book.ts).toMatch(/^\d{13}$/);
    for (const level of [...book.asks, ...book.bids]) {
      expect(level).toHaveLength(4);
      for (const f of level) expect(typeof f).toBe('string');
    }
    expect(Number(book.bids[0]?.[0])).toBeLessThan(Number(book.asks[0]?.[0]));

    await driveTrade('BTC-USDT');
    const next = (await c.next(push('books5', 'BTC-USDT'))) as { data: BookData[] };
    expect((next.data[0] as BookData).seqId).toBeGreaterThan(book.seqId);
  });

  it('pushes tickers and trades after the market trades', async () => {
    const c = await connect();
    c.send({
      op: 'subscribe',
      args: [
        { channel: 'tickers', instId: 'ETH-USDT' },
        { channel: 'trades', instId: 'ETH-USDT' },
      ],
    });
    await c.next(event('subscribe'));
    await c.next(event('subscribe'));
    await c.next(push('tickers', 'ETH-USDT'));
    await driveTrade('ETH-USDT');

    const ticker = ((await c.next(push('tickers', 'ETH-USDT'))) as { data: Record<string, string>[] }).data[0];
    for (const key of [
      'instId', 'last', 'lastSz', 'askPx', 'askSz', 'bidPx', 'bidSz', 'open24h', 'high24h', 'low24h',
      'volCcy24h', 'vol24h', 'sodUtc0', 'ts',
    ]) {
      expect(typeof ticker?.[key], key).toBe('string');
    }
    expect(ticker?.instId).toBe('ETH-USDT');
    expect(Number(ticker?.lastSz)).toBeGreaterThan(0);

    const trades = ((await c.next(push('trades', 'ETH-USDT'))) as { data: Record<string, string>[] }).data;
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.at(-1)).toMatchObject({ instId: 'ETH-USDT', side: 'sell', px: ticker?.last });
    for (const trade of trades) {
      for (const key of ['tradeId', 'px', 'sz', 'ts']) expect(typeof trade[key], key).toBe('string');
    }
  });

  it('answers 60012 for bad JSON or an unknown op, 60018 for an unknown channel or instId', async () => {
    const c = await connect();
    c.send('{not json');
    expect(await c.next(event('error'))).toMatchObject({ code: '60012', msg: expect.stringMatching(/^Invalid request: /) });
    c.send({ op: 'login', args: [] });
    expect(await c.next(event('error'))).toMatchObject({ code: '60012' });
    c.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'NOPE-USDT' }] });
    expect(await c.next(event('error'))).toMatchObject({
      code: '60018',
      msg: "Wrong URL or channel:books5,instId:NOPE-USDT doesn't exist. Please use the correct URL, channel and parameters referring to API document.",
    });
    c.send({ op: 'subscribe', args: [{ channel: 'candles9', instId: 'BTC-USDT' }] });
    expect(await c.next(event('error'))).toMatchObject({ code: '60018' });
    c.send('ping');
    expect(await c.next((m) => m === 'pong')).toBe('pong');
  });

  it('stops pushing after unsubscribe', async () => {
    const c = await connect();
    c.send({ op: 'subscribe', args: [{ channel: 'trades', instId: 'SOL-USDT' }] });
    await c.next(event('subscribe'));
    await driveTrade('SOL-USDT');
    await c.next(push('trades', 'SOL-USDT'));

    c.send({ op: 'unsubscribe', args: [{ channel: 'trades', instId: 'SOL-USDT' }] });
    expect(await c.next(event('unsubscribe'))).toMatchObject({ arg: { channel: 'trades', instId: 'SOL-USDT' } });
    // The marker: the next trade's ticker goes out in the same flush as its trades would.
    c.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'SOL-USDT' }] });
    await c.next(event('subscribe'));
    await pong(c);
    c.drop(push('trades', 'SOL-USDT'));
    c.drop(push('tickers', 'SOL-USDT'));
    await driveTrade('SOL-USDT');
    await c.next(push('tickers', 'SOL-USDT'));
    await pong(c);
    expect(c.holds(push('trades', 'SOL-USDT'))).toBe(false);
  });

  it('caps the subscriptions of one connection', async () => {
    const c = await connect();
    const args = [];
    for (const channel of ['books5', 'tickers', 'trades']) {
      for (const m of t.app.services.market.allMarkets()) args.push({ channel, instId: m.instId });
    }
    expect(args.length).toBeGreaterThan(MAX_SUBSCRIPTIONS_PER_CONNECTION);
    c.send({ op: 'subscribe', args });
    expect(await c.next(event('error'))).toMatchObject({ code: '60012', msg: expect.stringContaining('at most') });
  });
});
