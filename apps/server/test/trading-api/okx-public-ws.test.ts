import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUESTS_PER_HOUR } from '../../src/modules/market-data/ws-routes.js';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { isEvent, isPush, WsClient, type WsMessage } from '../ws-client.js';

type Push = { arg: { channel: string; instId: string }; data: unknown[] };
const MINUTE = 60_000;

/** The OKX v5 shapes of bbo-tbt and the bar channels, the sockets' refusals, and the tiers and mark bars by REST. */
describe('OKX v5 public and business sockets, raw', () => {
  let t: TestApp;
  let ws: string;
  let clock = 0;
  const open: WsClient[] = [];

  async function socket(path: string): Promise<WsClient> {
    const client = await WsClient.open(`${ws}${path}`);
    open.push(client);
    return client;
  }

  async function trade(instId: string, advance = 1000): Promise<void> {
    clock += advance;
    await t.app.services.simulation.step(clock);
    expect(await t.app.services.simulation.forceTrade(instId, 'buy')).toBe(true);
    t.app.services.feed.flush();
    t.app.services.candleFeed.flush();
  }

  async function v5(url: string) {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: unknown[] } };
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ws = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clock = t.app.services.market.now;
    await trade('BTC-USDT-SWAP');
    for (let i = 1; i <= 2; i++) await t.app.services.clock.tick(clock + i * 30_000);
    clock += MINUTE;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t?.close();
  });

  it('bbo-tbt: at once the best level of each side, and again on every change, each with a greater seqId', async () => {
    const c = await socket('/ws/v5/public');
    c.send({ op: 'subscribe', args: [{ channel: 'bbo-tbt', instId: 'ETH-USDT' }] });
    expect(await c.next(isEvent('subscribe'))).toMatchObject({ arg: { channel: 'bbo-tbt', instId: 'ETH-USDT' } });
    const first = (await c.next(isPush('bbo-tbt', 'ETH-USDT'))) as Push;
    const data = first.data[0] as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['asks', 'bids', 'instId', 'seqId', 'ts']);
    expect(data.asks).toHaveLength(1);
    expect(data.bids).toHaveLength(1);
    expect((data.asks as string[][])[0]).toHaveLength(4);
    const books = await v5('/api/v5/market/books?instId=ETH-USDT&sz=1');
    expect((books.body.data[0] as { asks: string[][] }).asks[0]).toEqual((data.asks as string[][])[0]);
    await trade('ETH-USDT');
    const next = (await c.next(isPush('bbo-tbt', 'ETH-USDT'))) as Push;
    expect((next.data[0] as { seqId: number }).seqId).toBeGreaterThan(data.seqId as number);
  });

  it('candle1m on /ws/v5/business: the newest bar at once; when the next minute opens, the last one again with confirm "1"', async () => {
    const c = await socket('/ws/v5/business');
    c.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    expect(await c.next(isEvent('subscribe'))).toMatchObject({ arg: { channel: 'candle1m', instId: 'BTC-USDT' } });
    const first = (await c.next(isPush('candle1m', 'BTC-USDT'))) as Push;
    const row = first.data[0] as string[];
    expect(row).toHaveLength(9);
    for (const field of row) expect(typeof field).toBe('string');
    const rest = await v5('/api/v5/market/candles?instId=BTC-USDT&bar=1m&limit=1');
    expect(row).toEqual(rest.body.data[0]);
    await trade('BTC-USDT', MINUTE);
    const closed = ((await c.next(isPush('candle1m', 'BTC-USDT'))) as Push).data[0] as string[];
    expect(closed[0]).toBe(row[0]);
    expect(closed[8]).toBe('1');
    const opened = ((await c.next(isPush('candle1m', 'BTC-USDT'))) as Push).data[0] as string[];
    expect((Number(opened[0]) - Number(row[0])) % MINUTE).toBe(0);
    expect(Number(opened[0])).toBeGreaterThan(Number(row[0]));
    expect(opened[8]).toBe('0');
  });

  it('two subscribers of one bar get the very same frames', async () => {
    const a = await socket('/ws/v5/business');
    const b = await socket('/ws/v5/business');
    for (const c of [a, b]) {
      c.send({ op: 'subscribe', args: [{ channel: 'candle5m', instId: 'BTC-USDT-SWAP' }] });
      await c.next(isPush('candle5m', 'BTC-USDT-SWAP'));
    }
    await trade('BTC-USDT-SWAP');
    const [x, y] = await Promise.all([a, b].map((c) => c.next(isPush('candle5m', 'BTC-USDT-SWAP'))));
    expect(JSON.stringify(x)).toBe(JSON.stringify(y));
    const row = (x as Push).data[0] as string[];
    expect(row[5]).toBe(row[6]);
  });

  it('each socket serves its own channels: a bar on /ws/v5/public, or a book on /ws/v5/business, is 60018', async () => {
    const pub = await socket('/ws/v5/public');
    pub.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    expect(await pub.next(isEvent('error'))).toMatchObject({ code: '60018' });
    const business = await socket('/ws/v5/business');
    business.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }, { channel: 'candle7m', instId: 'BTC-USDT' }] });
    expect(await business.next(isEvent('error'))).toMatchObject({ code: '60018' });
    expect(await business.next(isEvent('error'))).toMatchObject({ code: '60018' });
    business.send({ op: 'subscribe', args: [{ channel: 'candle1H', instId: 'NOPE-USDT' }] });
    expect(await business.next(isEvent('error'))).toMatchObject({ code: '60018' });
    // The signed channels, whose subscriptions name no instId, are not on the public URL either.
    pub.send({ op: 'subscribe', args: [{ channel: 'orders-algo', instType: 'SPOT' }, { channel: 'orders', instType: 'ANY' }] });
    expect(await pub.next(isEvent('error'))).toMatchObject({
      code: '60018',
      msg: "Wrong URL or channel:orders-algo doesn't exist. Please use the correct URL, channel and parameters referring to API document.",
    });
    expect(await pub.next(isEvent('error'))).toMatchObject({ code: '60018' });
  });

  it(`refuses subscribe requests past ${MAX_REQUESTS_PER_HOUR} an hour on one connection with 60014, and still answers ping`, async () => {
    const c = await socket('/ws/v5/business');
    const isAnswer = (m: WsMessage) => typeof m === 'object' && (m.event === 'subscribe' || m.event === 'unsubscribe' || m.event === 'error');
    for (let i = 0; i < MAX_REQUESTS_PER_HOUR; i++) {
      c.send({ op: i % 2 === 0 ? 'subscribe' : 'unsubscribe', args: [{ channel: 'candle1D', instId: 'ETH-USDT' }] });
    }
    c.send({ op: 'subscribe', args: [{ channel: 'candle1D', instId: 'ETH-USDT' }] });
    const answers: WsMessage[] = [];
    for (let i = 0; i <= MAX_REQUESTS_PER_HOUR; i++) answers.push(await c.next(isAnswer));
    expect(answers.slice(0, -1).filter((m) => typeof m === 'object' && m.event === 'error')).toEqual([]);
    expect(answers.at(-1)).toMatchObject({ event: 'error', code: '60014' });
    c.send('ping');
    expect(await c.next((m) => m === 'pong')).toBe('pong');
  });

  it('position-tiers: OKX fields, sizes in contracts growing tier by tier; refusals with OKX codes', async () => {
    const { body } = await v5('/api/v5/public/position-tiers?instType=SWAP&tdMode=cross&instFamily=BTC-USDT');
    expect(body.code).toBe('0');
    const tiers = body.data as Record<string, string>[];
    expect(tiers.map((x) => [x.tier, x.maxLever, x.mmr, x.imr])).toEqual([
      ['1', '125', '0.004', '0.008'],
      ['2', '100', '0.005', '0.01'],
      ['3', '50', '0.01', '0.02'],
      ['4', '20', '0.025', '0.05'],
    ]);
    expect(Object.keys(tiers[0] ?? {}).sort()).toEqual(['baseMaxLoan', 'imr', 'instFamily', 'instId', 'maxLever', 'maxSz', 'minSz', 'mmr', 'optMgnFactor', 'quoteMaxLoan', 'tier', 'uly']);
    expect(tiers[0]?.minSz).toBe('0');
    for (const [i, x] of tiers.entries()) {
      expect(Number(x.maxSz)).toBeGreaterThan(Number(x.minSz));
      if (i > 0) expect(x.minSz).toBe(tiers[i - 1]?.maxSz);
    }
    const one = await v5('/api/v5/public/position-tiers?instType=FUTURES&tdMode=isolated&uly=BTC-USDT&tier=2');
    expect((one.body.data as Record<string, string>[]).map((x) => x.tier)).toEqual(['2']);
    expect((await v5('/api/v5/public/position-tiers?instType=MARGIN&tdMode=cross&instId=BTC-USDT')).body).toEqual({ code: '0', msg: '', data: [] });
    for (const [query, status, code] of [
      ['tdMode=cross&instFamily=BTC-USDT', 400, '50014'],
      ['instType=SWAP&instFamily=BTC-USDT', 400, '50014'],
      ['instType=SWAP&tdMode=cross', 400, '50014'],
      ['instType=SPOT&tdMode=cross&instFamily=BTC-USDT', 400, '51000'],
      ['instType=SWAP&tdMode=cash&instFamily=BTC-USDT', 400, '51000'],
      ['instType=SWAP&tdMode=cross&instFamily=BTC-USDT&tier=0', 400, '51000'],
    ] as const) {
      const res = await v5(`/api/v5/public/position-tiers?${query}`);
      expect([res.status, res.body.code], query).toEqual([status, code]);
    }
  });

  it('mark-price-candles: rows [ts, o, h, l, c, confirm] of the sampled mark; a spot pair is 51001', async () => {
    const { body } = await v5('/api/v5/market/mark-price-candles?instId=BTC-USDT-SWAP&bar=1m');
    const rows = body.data as string[][];
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect(row).toHaveLength(6);
    const mark = await v5('/api/v5/public/mark-price?instType=SWAP&instId=BTC-USDT-SWAP');
    expect(rows[0]?.[4]).toBe((mark.body.data[0] as { markPx: string }).markPx);
    const history = await v5('/api/v5/market/history-mark-price-candles?instId=BTC-USDT-SWAP&bar=1m&limit=500');
    expect(history.body.data).toEqual(rows);
    const spot = await v5('/api/v5/market/mark-price-candles?instId=BTC-USDT');
    expect([spot.status, spot.body.code]).toEqual([200, '51001']);
    const bar = await v5('/api/v5/market/mark-price-candles?instId=BTC-USDT-SWAP&bar=7m');
    expect([bar.status, bar.body.code]).toEqual([400, '51000']);
  });
});
