import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, coinListResponse, serverMessages, type CoinListItem } from '@exchange/contract';
import type { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { coins as catalogueCoins } from '../src/shared/catalogue.js';
import { buildApp } from '../src/app.js';
import { startApp, testConfig, type DbKind, type TestApp, FEATURE_DB } from './helpers.js';

const KEY = `apikey=${DEFAULT_API_KEY}`;

type Level = [string, string, string, string];
interface BooksAnswer {
  code: string;
  msg: string;
  data: { asks: Level[]; bids: Level[]; ts: string }[];
}

async function getCoins(app: App): Promise<CoinListItem[]> {
  const res = await app.inject({ url: `/api/v1/coins?${KEY}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return coinListResponse.parse(res.json());
}

async function books(app: App, query: string): Promise<BooksAnswer> {
  const res = await app.inject({ url: `/api/v5/market/books?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as BooksAnswer;
}

describe('market API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/v1/coins', () => {
    it('lists every catalogue coin in the strict shape, BTC first then by pair id', async () => {
      const list = await getCoins(t.app);
      expect(list.length).toBeGreaterThanOrEqual(30);
      expect(list.length).toBe(catalogueCoins.length);
      expect(list[0]?.symbol).toBe('BTC');
      const ids = list.map((c) => c.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const c of list) {
        expect(c.coin_pair).toBe(c.id);
        expect(c.coin_id).toBe(c.id);
        expect(c['24_low']).toBeLessThanOrEqual(c.price);
        expect(c['24_high']).toBeGreaterThanOrEqual(c.price);
        expect(c.volume_24h).toBeGreaterThan(0);
        expect(c.logo_path).toBe(`/api/v1/coin-icons/${c.symbol.toLowerCase()}.svg`);
        const coin = catalogueCoins.find((item) => item.pair_id === c.id);
        expect({ tick_size: c.tick_size, lot_size: c.lot_size }).toEqual({ tick_size: coin?.tick_size, lot_size: coin?.lot_size });
      }
      const btc = list[0] as CoinListItem;
      expect(btc.market_cap).toBeCloseTo(btc.price * 19_870_000, -2);
    });

    it('answers 401 without an apikey or with an unknown one', async () => {
      for (const url of ['/api/v1/coins', '/api/v1/coins?apikey=wrong']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ message: serverMessages.invalidApiKey });
      }
    });

    it('is documented in the OpenAPI document with its strict schema', async () => {
      const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
      const schema = doc.paths['/api/v1/coins'].get.responses['200'].content['application/json'].schema;
      expect(schema.type).toBe('array');
      expect(schema.items.additionalProperties).toBe(false);
      expect(Object.keys(schema.items.properties)).toContain('24_high');
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: 'query', name: 'apikey' });
    });
  });

  describe('GET /api/v1/coin-icons/:file', () => {
    it('serves the package SVG with long cache headers, without an apikey', async () => {
      const res = await t.app.inject({ url: '/api/v1/coin-icons/btc.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.body).toContain('<svg');
      expect(res.body).not.toContain('>B</text>');
    });

    it('draws a letter badge for an unknown symbol', async () => {
      const res = await t.app.inject({ url: '/api/v1/coin-icons/zzzq.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('>Z</text>');
    });

    it('never reads a path outside the icon package', async () => {
      for (const file of ['..%2F..%2Fpackage.json', '..%2Fbtc.svg', 'btc.png', '%2Fetc%2Fpasswd']) {
        const res = await t.app.inject({ url: `/api/v1/coin-icons/${file}` });
        expect(res.statusCode, file).toBe(404);
        expect(res.body).not.toContain('"name"');
      }
    });
  });

  describe('GET /api/v5/market/books (OKX v5)', () => {
    it('answers string levels with 4 fields, asks ascending, bids descending, never crossed', async () => {
      const answer = await books(t.app, 'instId=BTC-USDT&sz=10');
      expect(answer).toMatchObject({ code: '0', msg: '' });
      const [book] = answer.data;
      expect(book?.ts).toMatch(/^\d{13}$/);
      const asks = book?.asks ?? [];
      const bids = book?.bids ?? [];
      expect(asks).toHaveLength(10);
      expect(bids).toHaveLength(10);
      for (const level of [...asks, ...bids]) {
        expect(level).toHaveLength(4);
        for (const field of level) expect(typeof field).toBe('string');
        expect(level[2]).toBe('0');
        expect(Number(level[3])).toBeGreaterThanOrEqual(1);
        expect(Number(level[1])).toBeGreaterThan(0);
      }
      const askPx = asks.map((l) => Number(l[0]));
      const bidPx = bids.map((l) => Number(l[0]));
      expect(askPx).toEqual([...askPx].sort((a, b) => a - b));
      expect(bidPx).toEqual([...bidPx].sort((a, b) => b - a));
      expect(bidPx[0]).toBeLessThan(askPx[0] as number);
    });

    it('clamps sz to 1..400 and defaults to 1', async () => {
      expect((await books(t.app, 'instId=ETH-USDT')).data[0]?.asks).toHaveLength(1);
      expect((await books(t.app, 'instId=ETH-USDT&sz=0')).data[0]?.bids).toHaveLength(1);
      const big = (await books(t.app, 'instId=eth-usdt&sz=5000')).data[0];
      expect(big?.asks.length).toBeGreaterThan(1);
      expect(big?.asks.length).toBeLessThanOrEqual(400);
    });

    it('answers the OKX error for an unknown instrument', async () => {
      expect(await books(t.app, 'instId=NOPE-USDT&sz=5')).toEqual({
        code: '51001',
        msg: 'Instrument ID does not exist',
        data: [],
      });
    });
  });

  describe('UDF chart feed', () => {
    it('answers config and time', async () => {
      const config = (await t.app.inject({ url: `/api/v1/udf/config?${KEY}` })).json();
      expect(config).toMatchObject({
        supported_resolutions: ['1', '5', '15', '30', '60', '120', '240', '1D', '1W', '1M'],
        supports_search: true,
        supports_group_request: false,
        supports_marks: false,
        supports_time: true,
      });
      expect(config.exchanges.length).toBeGreaterThan(0);
      expect(config.symbols_types.length).toBeGreaterThan(0);
      const time = await t.app.inject({ url: `/api/v1/udf/time?${KEY}` });
      expect(time.headers['content-type']).toMatch(/^text\/plain/);
      expect(Math.abs(Number(time.body) - Date.now() / 1000)).toBeLessThan(120);
      // Public market data: no apikey needed (udf-public.test.ts).
      expect((await t.app.inject({ url: '/api/v1/udf/time' })).statusCode).toBe(200);
    });

    it('resolves BTC, BTCUSDT and BTC-USDT to one symbol', async () => {
      for (const s of ['BTC', 'BTCUSDT', 'BTC-USDT', 'btcusdt']) {
        const info = (await t.app.inject({ url: `/api/v1/udf/symbols?symbol=${s}&${KEY}` })).json();
        expect(info, s).toMatchObject({
          name: 'BTCUSDT',
          ticker: 'BTCUSDT',
          type: 'crypto',
          session: '24x7',
          timezone: 'Etc/UTC',
          minmov: 1,
          pricescale: 100,
          has_intraday: true,
          has_daily: true,
          volume_precision: 5,
          data_status: 'streaming',
        });
      }
      const doge = (await t.app.inject({ url: `/api/v1/udf/symbols?symbol=DOGE&${KEY}` })).json();
      expect(doge.pricescale).toBe(100_000);
      const unknown = await t.app.inject({ url: `/api/v1/udf/symbols?symbol=NOPE&${KEY}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().s).toBe('error');
    });

    it('searches symbols and names', async () => {
      const found = (await t.app.inject({ url: `/api/v1/udf/search?query=eth&limit=5&${KEY}` })).json();
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(5);
      expect(found[0]).toEqual(expect.objectContaining({ symbol: 'ETHUSDT', ticker: 'ETHUSDT', type: 'crypto' }));
      for (const key of ['symbol', 'full_name', 'description', 'exchange', 'ticker', 'type']) {
        expect(found[0]).toHaveProperty(key);
      }
      const limited = (await t.app.inject({ url: `/api/v1/udf/search?query=&limit=3&${KEY}` })).json();
      expect(limited).toHaveLength(3);
    });

    it('answers history for every resolution, no_data before the past, errors for bad parameters', async () => {
      const to = Math.floor(Date.now() / 1000);
      for (const resolution of ['1', '5', '15', '60', '240', '1D']) {
        const url = `/api/v1/udf/history?symbol=BTCUSDT&resolution=${resolution}&from=0&to=${to}&countback=50&${KEY}`;
        const h = (await t.app.inject({ url })).json();
        expect(h.s, resolution).toBe('ok');
        expect(h.t.length, resolution).toBeGreaterThanOrEqual(45);
        for (const k of ['o', 'h', 'l', 'c', 'v']) expect(h[k]).toHaveLength(h.t.length);
        expect(h.t).toEqual([...h.t].sort((a: number, b: number) => a - b));
      }
      // 120 days of generated past hold about 18 weeks; each weekly bar starts on a Monday, 00:00 UTC.
      const weekly = (await t.app.inject({ url: `/api/v1/udf/history?symbol=BTCUSDT&resolution=1W&from=0&to=${to}&countback=50&${KEY}` })).json();
      expect(weekly.s).toBe('ok');
      expect(weekly.t.length).toBeGreaterThanOrEqual(15);
      for (const time of weekly.t as number[]) expect(new Date(time * 1000).getUTCDay()).toBe(1);
      const daily = await t.app.inject({
        url: `/api/v1/udf/history?symbol=BTC-USDT&resolution=1D&from=${to - 30 * 86400}&to=${to}&${KEY}`,
      });
      expect(daily.json().t.length).toBeGreaterThanOrEqual(29);

      const old = (
        await t.app.inject({ url: `/api/v1/udf/history?symbol=BTC&resolution=60&from=1000&to=2000&${KEY}` })
      ).json();
      expect(old).toEqual({ s: 'no_data' });

      for (const query of [
        'symbol=NOPE&resolution=60&from=0&to=10',
        'symbol=BTC&resolution=7&from=0&to=10',
        'symbol=BTC&resolution=60&from=abc&to=10',
        'symbol=BTC&resolution=60&from=20&to=10',
        'symbol=BTC&resolution=60&from=0',
      ]) {
        const res = await t.app.inject({ url: `/api/v1/udf/history?${query}&${KEY}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual({ s: 'error', errmsg: expect.any(String) });
      }
    });
  });
});

describe('configuration', () => {
  it('reads API_KEYS as a comma-separated list, defaulting to the web key', () => {
    expect(loadConfig({ JWT_SECRET: 'x' }).apiKeys).toEqual([DEFAULT_API_KEY]);
    expect(loadConfig({ JWT_SECRET: 'x', API_KEYS: ' a, b ,,c' }).apiKeys).toEqual(['a', 'b', 'c']);
    expect(loadConfig({ JWT_SECRET: 'x', MARKET_SEED: 'demo' }).market).toEqual({ seed: 'demo', autoStart: true });
  });
});

describe.each<DbKind>([FEATURE_DB])('live market on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('builds the coin list again on the first request after a market step, not during the step', async () => {
    const before = await getCoins(t.app);
    const start = t.app.services.market.now;
    for (let s = 1; s <= 60; s++) await t.app.services.simulation.step(start + s * 1000);
    const after = await getCoins(t.app);
    expect(after.filter((c, i) => c.price !== before[i]?.price).length).toBeGreaterThan(10);
    expect(after.every((c) => c.last_updated === new Date(start + 60_000).toISOString())).toBe(true);
    expect(t.app.services.market.coins()).toEqual(after);
  });

  it('moves prices over time, trades on the engine and stores each trade in the batch that made it', async () => {
    const before = await getCoins(t.app);
    const start = t.app.services.market.now;
    for (let s = 1; s <= 300; s++) await t.app.services.simulation.step(start + s * 1000);
    expect(await t.app.services.simulation.forceTrade('BTC-USDT', 'buy')).toBe(true);
    const after = await getCoins(t.app);
    const moved = after.filter((c, i) => c.price !== before[i]?.price);
    expect(moved.length).toBeGreaterThan(20);

    const book = (await books(t.app, 'instId=BTC-USDT&sz=5')).data[0];
    expect(Number(book?.bids[0]?.[0])).toBeLessThan(Number(book?.asks[0]?.[0]));

    const rows = await t.app.services.db.query<{ symbol: string; price: string; qty: string; taker_side: string; n: string }>(
      `SELECT symbol, price::text AS price, qty::text AS qty, taker_side, count(*) OVER ()::text AS n
       FROM trades ORDER BY id DESC LIMIT 1`,
    );
    const last = rows.rows[0];
    expect(Number(last?.n)).toBeGreaterThan(30);
    expect(last).toMatchObject({ symbol: 'BTC', taker_side: 'buy' });
    expect(after[0]?.price).toBe(Number(last?.price));
    expect(Number(last?.qty)).toBeGreaterThan(0);
  });
});

describe('market restart', () => {
  it('resumes from the stored trades: last prices, 24 h figures and recent candles', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-market-'));
    try {
      const config = testConfig({ dataDir, pgliteInMemory: false });
      const first = await buildApp(config);
      const start = first.services.market.now;
      for (let s = 1; s <= 120; s++) await first.services.simulation.step(start + s * 1000);
      expect(await first.services.simulation.forceTrade('BTC-USDT', 'sell')).toBe(true);
      const before = first.services.market.coins().find((c) => c.symbol === 'BTC');
      await first.close();

      const second = await buildApp(config);
      try {
        const after = second.services.market.coins().find((c) => c.symbol === 'BTC');
        expect(after?.price).toBe(before?.price);
        // The older past is regenerated, ending where the stored trades begin: close, not equal.
        const volumeRatio = (after?.volume_24h ?? 0) / (before?.volume_24h ?? 1);
        expect(volumeRatio).toBeGreaterThan(0.95);
        expect(volumeRatio).toBeLessThan(1.05);
        const lastMinute = second.services.market.candles.latest('BTC', '1m');
        expect(Number(lastMinute?.close)).toBe(before?.price);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two starts of a file-backed PGlite and 120 market steps: on a loaded 2-core machine this took
    // over 30 s once.
  }, 120_000);
});
