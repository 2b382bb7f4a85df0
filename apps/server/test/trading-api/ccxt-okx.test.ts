import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookChecksum } from '../../src/modules/market-data/books-channel.js';
import type { OkxLevel } from '../../src/modules/market-data/index.js';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { listenLocally } from './ccxt-helpers.js';
import { WsClient, type WsMessage } from '../ws-client.js';

interface BooksAnswer {
  data: { asks: string[][]; bids: string[][] }[];
}

const HOUR = 3_600_000;

/**
 * The real ccxt 4.5.84 `okx` class with only its URLs changed, against the running server: every
 * public call a bot makes, and every URL it fetched is ours.
 */
describe('ccxt okx against the server', () => {
  let t: TestApp;
  let base: string;
  let okx: Exchange;
  const fetched: string[] = [];

  function client(pro = false): Exchange {
    const urls = { api: { rest: base, ws: base.replace('http:', 'ws:') + '/ws/v5' } };
    const exchange = pro ? new ccxt.pro.okx({ urls, enableRateLimit: false }) : new ccxt.okx({ urls, enableRateLimit: false });
    const fetch = exchange.fetch.bind(exchange);
    exchange.fetch = (url: string, method?: string, headers?: unknown, body?: unknown) => {
      fetched.push(url);
      return fetch(url, method, headers, body);
    };
    return exchange;
  }

  async function restBook(instId: string, sz: number): Promise<BooksAnswer['data'][number]> {
    const res = await t.app.inject({ url: `/api/v5/market/books?instId=${instId}&sz=${sz}` });
    return (res.json() as BooksAnswer).data[0] as BooksAnswer['data'][number];
  }

  let clock = 0;
  /** Moves the simulated market a step and trades, then sends the feed's pending pushes. */
  async function moveBook(instId: string): Promise<void> {
    clock += 1000;
    await t.app.services.simulation.step(clock);
    expect(await t.app.services.simulation.forceTrade(instId, 'buy')).toBe(true);
    t.app.services.feed.flush();
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    base = await listenLocally(t);
    // A few trades on the spot market and the perpetual, so trades and tickers have something recent.
    clock = t.app.services.market.now;
    for (const [instId, side] of [['BTC-USDT', 'buy'], ['BTC-USDT', 'sell'], ['BTC-USDT-SWAP', 'buy']] as const) {
      clock += 1000;
      await t.app.services.simulation.step(clock);
      expect(await t.app.services.simulation.forceTrade(instId, side)).toBe(true);
    }
    // The kernel clock's tick samples the contracts: mark price, funding rate, open interest.
    await t.app.services.clock.tick(clock + 5_000);
    // Two settled funding times of the perpetual, as the funding job books them.
    for (const [time, rate] of [[Date.UTC(2026, 0, 1), '0.0001'], [Date.UTC(2026, 0, 1, 8), '-0.00025']] as const) {
      await t.app.services.db.query(`INSERT INTO futures_funding (inst_id, funding_time, rate, mark) VALUES ('BTC-USDT-SWAP', $1, $2, 43000)`, [time, rate]);
    }
    okx = client();
    await okx.loadMarkets();
  });
  afterAll(async () => {
    await okx?.close();
    await t?.close();
  });

  it('loads spot, perpetual and delivery markets', () => {
    const btc = okx.market('BTC/USDT');
    expect(btc).toMatchObject({ id: 'BTC-USDT', spot: true, active: true });
    expect(btc.precision.price).toBeGreaterThan(0);
    expect(okx.market('BTC/USDT:USDT')).toMatchObject({ id: 'BTC-USDT-SWAP', swap: true, linear: true, contractSize: 1, settle: 'USDT' });
    const delivery = Object.values(okx.markets ?? {}).filter((m) => m?.future);
    expect(delivery.length).toBeGreaterThanOrEqual(2);
    for (const m of delivery) {
      expect(m?.symbol).toMatch(/^(BTC|ETH)\/USDT:USDT-\d{6}$/);
      expect(m?.expiry).toBeGreaterThan(Date.now());
    }
    expect(Object.values(okx.markets ?? {}).some((m) => m?.option)).toBe(false);
  });

  it('fetches the time and the status', async () => {
    const before = Date.now();
    const time = await okx.fetchTime();
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
    expect(await okx.fetchStatus()).toMatchObject({ status: 'ok' });
  });

  it('limits each address as OKX does: a second system/status within 5 s is HTTP 429 with code 50011', async () => {
    await expect(okx.fetchStatus()).rejects.toBeInstanceOf(ccxt.RateLimitExceeded);
    const res = await t.app.inject({ url: '/api/v5/system/status' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: '50011', data: [] });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('fetches a ticker and every ticker of a type', async () => {
    const ticker = await okx.fetchTicker('BTC/USDT');
    expect(ticker.symbol).toBe('BTC/USDT');
    expect(ticker.last).toBeGreaterThan(0);
    expect(ticker.bid).toBeLessThan(ticker.ask as number);
    const swaps = await okx.fetchTickers(undefined, { type: 'swap' });
    expect(swaps['BTC/USDT:USDT']?.last).toBeGreaterThan(0);
    const spots = await okx.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(spots).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('fetches the newest trades, the forced ones among them', async () => {
    const trades = await okx.fetchTrades('BTC/USDT', undefined, 10);
    expect(trades.length).toBeGreaterThanOrEqual(2);
    const sides = trades.slice(-2).map((tr) => tr.side);
    expect(sides.sort()).toEqual(['buy', 'sell']);
    for (const tr of trades) expect(tr.price).toBeGreaterThan(0);
    expect((await okx.fetchTrades('BTC/USDT:USDT')).length).toBeGreaterThanOrEqual(1);
  });

  it('fetches bars of several timeframes, each on its own grid, oldest first, and pages with since', async () => {
    for (const [timeframe, ms] of [['1m', 60_000], ['3m', 180_000], ['15m', 900_000], ['1h', HOUR], ['2h', 2 * HOUR], ['6h', 6 * HOUR], ['1d', 24 * HOUR]] as const) {
      const bars = await okx.fetchOHLCV('BTC/USDT', timeframe, undefined, 50);
      expect(bars.length, timeframe).toBe(50);
      for (const [i, bar] of bars.entries()) {
        expect((bar[0] as number) % ms, timeframe).toBe(0);
        if (i > 0) expect(bar[0], timeframe).toBeGreaterThan(bars[i - 1]?.[0] as number);
        expect(bar[2] as number).toBeGreaterThanOrEqual(Math.max(bar[1] as number, bar[4] as number));
      }
    }
    const hours = await okx.fetchOHLCV('BTC/USDT', '1h', undefined, 20);
    const since = hours[5]?.[0] as number;
    const page = await okx.fetchOHLCV('BTC/USDT', '1h', since, 4);
    expect(page).toEqual(hours.slice(5, 9));
    const months = await okx.fetchOHLCV('BTC/USDT', '1M', undefined, 3);
    for (const bar of months) expect(new Date(bar[0] as number).getUTCDate()).toBe(1);
  });

  it('fetches an order book equal to the REST book', async () => {
    const book = await okx.fetchOrderBook('BTC/USDT', 20);
    const rest = await restBook('BTC-USDT', 20);
    expect(book.asks.map(([px, sz]) => [px, sz])).toEqual(rest.asks.map(([px, sz]) => [Number(px), Number(sz)]));
    expect(book.bids.map(([px, sz]) => [px, sz])).toEqual(rest.bids.map(([px, sz]) => [Number(px), Number(sz)]));
    expect(book.asks.length).toBeGreaterThan(5);
  });

  it('fetches the funding rate and its history', async () => {
    const rate = await okx.fetchFundingRate('BTC/USDT:USDT');
    expect(rate.symbol).toBe('BTC/USDT:USDT');
    expect(typeof rate.fundingRate).toBe('number');
    expect(rate.fundingTimestamp).toBeGreaterThan(0);
    const history = await okx.fetchFundingRateHistory('BTC/USDT:USDT');
    expect(history.map((h) => [h.timestamp, h.fundingRate])).toEqual([
      [Date.UTC(2026, 0, 1), 0.0001],
      [Date.UTC(2026, 0, 1, 8), -0.00025],
    ]);
  });

  it('fetches the mark price and the open interest of a perpetual', async () => {
    const mark = await okx.fetchMarkPrice('BTC/USDT:USDT');
    expect(mark.markPrice).toBeGreaterThan(0);
    const interest = await okx.fetchOpenInterest('BTC/USDT:USDT');
    expect(interest.symbol).toBe('BTC/USDT:USDT');
    expect(interest.openInterestAmount).toBeGreaterThanOrEqual(0);
  });

  it('maps an unknown instrument to BadSymbol, and a bad parameter to BadRequest', async () => {
    await expect(okx.fetchTicker('NOPE/USDT')).rejects.toBeInstanceOf(ccxt.BadSymbol);
    const raw = okx as unknown as Record<string, (params: Record<string, string>) => Promise<unknown>>;
    await expect(raw.publicGetMarketTicker?.({ instId: 'NOPE-USDT' })).rejects.toBeInstanceOf(ccxt.BadSymbol);
    await expect(raw.publicGetMarketCandles?.({ instId: 'BTC-USDT', bar: '7m' })).rejects.toBeInstanceOf(ccxt.BadRequest);
    await expect(raw.publicGetPublicInstruments?.({})).rejects.toBeInstanceOf(ccxt.BadRequest);
  });

  it('watchOrderBook: the snapshot, then deltas, leave ccxt’s book equal to the REST one', async () => {
    const pro = client(true);
    // ccxt opens plain ws:// sockets only once its http agent is loaded.
    await pro.loadHttpProxyAgent();
    try {
      const first = await pro.watchOrderBook('BTC/USDT');
      const nonce = first.nonce as number;
      expect(first.asks.length).toBeGreaterThan(5);
      await moveBook('BTC-USDT');
      await moveBook('BTC-USDT');
      // ccxt refuses a delta whose prevSeqId is not its book's seqId, so a book that moved on got each one in turn.
      await vi.waitFor(() => expect(pro.orderbooks['BTC/USDT']?.nonce).toBeGreaterThanOrEqual(nonce + 2));
      const book = pro.orderbooks['BTC/USDT'] as unknown as { asks: number[][]; bids: number[][] };
      const rest = await restBook('BTC-USDT', 400);
      expect(book.asks.map(([px, sz]) => [px, sz])).toEqual(rest.asks.map(([px, sz]) => [Number(px), Number(sz)]));
      expect(book.bids.map(([px, sz]) => [px, sz])).toEqual(rest.bids.map(([px, sz]) => [Number(px), Number(sz)]));
    } finally {
      await pro.close();
    }
  });

  it('books on /ws/v5/public: each update applies to the held book, and its checksum is the book’s', async () => {
    const ws = await WsClient.open(`${base.replace('http:', 'ws:')}/ws/v5/public`);
    try {
      type BooksData = { asks: OkxLevel[]; bids: OkxLevel[]; checksum: number; seqId: number; prevSeqId: number };
      type BooksMessage = { action: string; data: BooksData[] };
      const isBooks = (m: WsMessage) => typeof m === 'object' && (m.arg as { channel?: string } | undefined)?.channel === 'books' && 'data' in m;
      ws.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] });
      expect(await ws.next((m) => typeof m === 'object' && m.event === 'subscribe')).toMatchObject({ arg: { channel: 'books', instId: 'BTC-USDT-SWAP' } });
      const snapshot = (await ws.next(isBooks)) as unknown as BooksMessage;
      expect(snapshot.action).toBe('snapshot');
      const held = { asks: new Map<string, OkxLevel>(), bids: new Map<string, OkxLevel>() };
      const apply = (data: BooksData) => {
        for (const side of ['asks', 'bids'] as const) for (const l of data[side]) {
            if (l[1] === '0') held[side].delete(l[0]);
            else held[side].set(l[0], l);
          }
        const asks = [...held.asks.values()].sort((a, b) => Number(a[0]) - Number(b[0]));
        const bids = [...held.bids.values()].sort((a, b) => Number(b[0]) - Number(a[0]));
        expect(bookChecksum(bids, asks)).toBe(data.checksum);
        return { asks, bids };
      };
      let last = snapshot.data[0] as BooksData;
      expect(last.prevSeqId).toBe(-1);
      let book = apply(last);
      await moveBook('BTC-USDT-SWAP');
      await moveBook('BTC-USDT-SWAP');
      const rest = await restBook('BTC-USDT-SWAP', 400);
      while (JSON.stringify(book) !== JSON.stringify({ asks: rest.asks, bids: rest.bids })) {
        const update = (await ws.next(isBooks)) as unknown as BooksMessage;
        expect(update.action).toBe('update');
        const data = update.data[0] as BooksData;
        expect(data.prevSeqId).toBe(last.seqId);
        book = apply(data);
        last = data;
      }
      expect(last.seqId).toBeGreaterThan(1);
    } finally {
      ws.close();
    }
  });

  it('fetched nothing but this server', () => {
    expect(fetched.length).toBeGreaterThan(10);
    expect(fetched.filter((url) => !url.startsWith(`${base}/api/v5/`))).toEqual([]);
  });
});
