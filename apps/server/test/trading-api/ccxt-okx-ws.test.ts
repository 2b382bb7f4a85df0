import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { listenLocally } from './ccxt-helpers.js';

interface Envelope<T> {
  code: string;
  data: T[];
}

/**
 * ccxt 4.5.84's `okx` pro class with only its URLs changed, against the running server: the public
 * watch calls (which go to /ws/v5/public, the bars to /ws/v5/business) and the REST calls of the
 * contracts' tiers and mark bars. Each watched value is compared with what the REST API answers.
 */
describe('ccxt okx websockets against the server', () => {
  let t: TestApp;
  let base: string;
  let pro: Exchange;
  let clock = 0;

  async function rest<T>(url: string): Promise<T[]> {
    const res = await t.app.inject({ url });
    const body = res.json() as Envelope<T>;
    expect(body.code, url).toBe('0');
    return body.data;
  }

  /** Moves the simulated market a step, trades on `instId`, and sends the feeds' pending pushes. */
  async function trade(instId: string, side: 'buy' | 'sell' = 'buy'): Promise<void> {
    clock += 1000;
    await t.app.services.simulation.step(clock);
    expect(await t.app.services.simulation.forceTrade(instId, side)).toBe(true);
    t.app.services.feed.flush();
    t.app.services.candleFeed.flush();
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    base = await listenLocally(t);
    clock = t.app.services.market.now;
    await trade('BTC-USDT');
    await trade('BTC-USDT-SWAP');
    // Each tick of the kernel clock samples the contracts: mark price, funding rate, open interest, mark bars.
    for (let i = 1; i <= 3; i++) await t.app.services.clock.tick(clock + i * 20_000);
    clock += 60_000;
    const urls = { api: { rest: base, ws: base.replace('http:', 'ws:') + '/ws/v5' } };
    pro = new ccxt.pro.okx({ urls, enableRateLimit: false });
    // ccxt opens plain ws:// sockets only once its http agent is loaded.
    await pro.loadHttpProxyAgent();
    await pro.loadMarkets();
  });
  afterAll(async () => {
    await pro?.close();
    await t?.close();
  });

  it('watchTicker: the first push is the REST ticker, and a trade moves it', async () => {
    const [restTicker] = await rest<{ last: string }>('/api/v5/market/ticker?instId=BTC-USDT');
    const first = await pro.watchTicker('BTC/USDT');
    expect(first.symbol).toBe('BTC/USDT');
    expect(first.last).toBe(Number(restTicker?.last));
    await trade('BTC-USDT', 'sell');
    const next = await pro.watchTicker('BTC/USDT');
    const [after] = await rest<{ last: string; ts: string }>('/api/v5/market/ticker?instId=BTC-USDT');
    expect(next.last).toBe(Number(after?.last));
    expect(next.timestamp).toBeGreaterThan(first.timestamp as number);
  });

  it('watchTrades: forced trades arrive with the ids, prices and sides the REST trades list', async () => {
    let watched: Awaited<ReturnType<Exchange['watchTrades']>> | undefined;
    void pro.watchTrades('BTC/USDT:USDT').then((list) => (watched = list));
    // Until the subscription is in place a trade is not pushed: trade again until one is.
    await vi.waitFor(
      async () => {
        if (!watched) await trade('BTC-USDT-SWAP', 'sell');
        expect(watched).toBeDefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    const listed = await rest<{ tradeId: string; px: string; side: string }>('/api/v5/market/trades?instId=BTC-USDT-SWAP&limit=100');
    for (const tr of watched ?? []) {
      const same = listed.find((l) => l.tradeId === tr.id);
      expect(same, tr.id).toBeDefined();
      expect(tr.price).toBe(Number(same?.px));
      expect(tr.side).toBe(same?.side);
    }
    expect(watched?.at(-1)?.side).toBe('sell');
  });

  it('watchOHLCV on /ws/v5/business: the newest bar is the REST one, and a trade updates it', async () => {
    const bars = await pro.watchOHLCV('BTC/USDT', '1m');
    expect(Object.keys(pro.clients).some((url) => url.endsWith('/ws/v5/business'))).toBe(true);
    const [restBar] = await rest<string[]>('/api/v5/market/candles?instId=BTC-USDT&bar=1m&limit=1');
    const newest = bars.at(-1) as number[];
    expect(newest.slice(0, 6)).toEqual(restBar?.slice(0, 6).map(Number));
    await trade('BTC-USDT', 'buy');
    const updated = await pro.watchOHLCV('BTC/USDT', '1m');
    const [after] = await rest<string[]>('/api/v5/market/candles?instId=BTC-USDT&bar=1m&limit=1');
    expect((updated.at(-1) as number[]).slice(0, 6)).toEqual(after?.slice(0, 6).map(Number));
  });

  it('watchOHLCV of an hour on a perpetual: its bars sit on the hour grid, as the REST ones', async () => {
    const bars = await pro.watchOHLCV('BTC/USDT:USDT', '1h');
    const [restBar] = await rest<string[]>('/api/v5/market/candles?instId=BTC-USDT-SWAP&bar=1H&limit=1');
    expect((bars.at(-1) as number[])[0]).toBe(Number(restBar?.[0]));
    expect(((bars.at(-1) as number[])[0] as number) % 3_600_000).toBe(0);
  });

  it('watchBidsAsks (bbo-tbt): the best bid and ask of the REST book', async () => {
    const quotes = await pro.watchBidsAsks(['BTC/USDT']);
    const [book] = await rest<{ asks: string[][]; bids: string[][] }>('/api/v5/market/books?instId=BTC-USDT&sz=1');
    expect(quotes['BTC/USDT']?.ask).toBe(Number(book?.asks[0]?.[0]));
    expect(quotes['BTC/USDT']?.bid).toBe(Number(book?.bids[0]?.[0]));
  });

  it('watchFundingRate and watchMarkPrice: the figures the REST calls answer', async () => {
    const rate = await pro.watchFundingRate('BTC/USDT:USDT');
    const [restRate] = await rest<{ fundingRate: string; fundingTime: string }>('/api/v5/public/funding-rate?instId=BTC-USDT-SWAP');
    expect(rate.symbol).toBe('BTC/USDT:USDT');
    expect(rate.fundingRate).toBe(Number(restRate?.fundingRate));
    expect(rate.fundingTimestamp).toBe(Number(restRate?.fundingTime));
    const mark = await pro.watchMarkPrice('BTC/USDT:USDT');
    const [restMark] = await rest<{ markPx: string }>('/api/v5/public/mark-price?instType=SWAP&instId=BTC-USDT-SWAP');
    expect(mark.markPrice).toBe(Number(restMark?.markPx));
  });

  it('fetchMarketLeverageTiers: our four tiers, leverage and maintenance rates as the risk package sets them', async () => {
    const tiers = await pro.fetchMarketLeverageTiers('BTC/USDT:USDT');
    expect(tiers.map((x) => [x.tier, x.maxLeverage, x.maintenanceMarginRate])).toEqual([
      [1, 125, 0.004],
      [2, 100, 0.005],
      [3, 50, 0.01],
      [4, 20, 0.025],
    ]);
    for (const [i, x] of tiers.entries()) if (i > 0) expect(x.minNotional).toBe(tiers[i - 1]?.maxNotional);
  });

  it('fetchMarkOHLCV: the mark sampled at each risk step, in minute bars', async () => {
    const bars = await pro.fetchMarkOHLCV('BTC/USDT:USDT', '1m', undefined, 10);
    expect(bars.length).toBeGreaterThanOrEqual(1);
    const [mark] = await rest<{ markPx: string }>('/api/v5/public/mark-price?instType=SWAP&instId=BTC-USDT-SWAP');
    expect(bars.at(-1)?.[4]).toBe(Number(mark?.markPx));
    for (const bar of bars) expect((bar[0] as number) % 60_000).toBe(0);
  });
});
