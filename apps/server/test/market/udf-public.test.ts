import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { udfSearchResponse, udfSymbolResponse } from '@exchange/contract';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';

const DAY = 86_400;

/**
 * The UDF feed as a stock TradingView build reads it: no apikey, readable from any origin, `format`
 * in every symbol, the contracts among the symbols, search by type and exchange, and the
 * resolutions 30, 120, 1W and 1M.
 */
describe('UDF feed for a stock TradingView build', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url: `/api/v1/udf/${url}`, headers: { origin: 'https://charts.example.org' } });

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(() => t?.close());

  it('answers every call without an apikey, with CORS open to any origin', async () => {
    const to = Math.floor(t.app.services.market.now / 1000);
    for (const url of ['config', 'time', 'symbols?symbol=BTCUSDT', 'search?query=btc', `history?symbol=BTCUSDT&resolution=60&from=${to - DAY}&to=${to}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    const refused = await get('symbols?symbol=NOPE');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('names `format` and the weekly and monthly support in each symbol, spot and contract', async () => {
    for (const symbol of ['BTCUSDT', 'BTC-USDT-SWAP', 'NEXA:ETH-USDT-SWAP']) {
      const info = udfSymbolResponse.parse((await get(`symbols?symbol=${symbol}`)).json());
      expect(info.format, symbol).toBe('price');
      expect(info.has_weekly_and_monthly, symbol).toBe(true);
      expect(info.supported_resolutions, symbol).toEqual(expect.arrayContaining(['30', '120', '1W', '1M']));
    }
  });

  it('lists the perpetuals and delivery contracts as symbols of their own types', async () => {
    const swap = udfSymbolResponse.parse((await get('symbols?symbol=BTC-USDT-SWAP')).json());
    expect(swap).toMatchObject({ name: 'BTC-USDT-SWAP', ticker: 'BTC-USDT-SWAP', full_name: 'NEXA:BTC-USDT-SWAP', type: 'swap' });
    const futures = udfSearchResponse.parse((await get('search?query=&type=futures&limit=100')).json());
    expect(futures.length).toBeGreaterThanOrEqual(2);
    for (const f of futures) expect(f.symbol).toMatch(/^(BTC|ETH)-USDT-\d{6}$/);
    const delivery = udfSymbolResponse.parse((await get(`symbols?symbol=${futures[0]?.symbol}`)).json());
    expect(delivery.type).toBe('futures');
    expect(delivery.description).toContain('delivery');
  });

  it('search honours type and exchange', async () => {
    const all = udfSearchResponse.parse((await get('search?query=BTC&limit=100')).json());
    expect(new Set(all.map((s) => s.type))).toEqual(new Set(['crypto', 'swap', 'futures']));
    for (const type of ['crypto', 'swap', 'futures']) {
      const found = udfSearchResponse.parse((await get(`search?query=BTC&type=${type}&limit=100`)).json());
      expect(found.length, type).toBeGreaterThan(0);
      expect(found.every((s) => s.type === type), type).toBe(true);
      expect(found.length, type).toBe(all.filter((s) => s.type === type).length);
    }
    expect((await get('search?query=BTC&exchange=NEXA')).json()).toEqual(udfSearchResponse.parse((await get('search?query=BTC')).json()));
    expect((await get('search?query=BTC&exchange=BINANCE')).json()).toEqual([]);
    expect((await get('search?query=BTC&type=stock')).json()).toEqual([]);
    const config = (await get('config')).json() as { symbols_types: { value: string }[] };
    expect(config.symbols_types.map((x) => x.value)).toEqual(['', 'crypto', 'swap', 'futures']);
  });

  it('30 and 120 are built from the 15- and 60-minute bars; 1W starts on Mondays and 1M on the 1st', async () => {
    const to = Math.floor(t.app.services.market.now / 1000);
    const history = async (resolution: string, countback = 40) =>
      (await get(`history?symbol=BTCUSDT&resolution=${resolution}&from=0&to=${to}&countback=${countback}`)).json() as {
        s: string;
        t: number[];
        o: number[];
        h: number[];
        l: number[];
        c: number[];
        v: number[];
      };
    for (const [resolution, minutes, source] of [['30', 30, '15'], ['120', 120, '60']] as const) {
      const bars = await history(resolution);
      expect(bars.s, resolution).toBe('ok');
      expect(bars.t.length, resolution).toBe(40);
      for (const time of bars.t) expect(time % (minutes * 60), resolution).toBe(0);
      // A full older bar is the high, low and volume of the source bars inside it.
      const i = 10;
      const start = bars.t[i] as number;
      const parts = await history(source, 2000);
      const inside = parts.t.map((time, k) => [time, k] as const).filter(([time]) => time >= start && time < start + minutes * 60).map(([, k]) => k);
      expect(inside.length, resolution).toBe(minutes / Number(source));
      expect(bars.o[i]).toBe(parts.o[inside[0] as number]);
      expect(bars.c[i]).toBe(parts.c[inside.at(-1) as number]);
      expect(bars.h[i]).toBe(Math.max(...inside.map((k) => parts.h[k] as number)));
      expect(bars.l[i]).toBe(Math.min(...inside.map((k) => parts.l[k] as number)));
    }
    const weeks = await history('1W', 10);
    for (const time of weeks.t) expect(new Date(time * 1000).getUTCDay()).toBe(1);
    const months = await history('1M', 10);
    expect(months.s).toBe('ok');
    expect(months.t.length).toBeGreaterThanOrEqual(3);
    for (const time of months.t) expect(new Date(time * 1000).getUTCDate()).toBe(1);
    const contract = await get(`history?symbol=BTC-USDT-SWAP&resolution=1M&from=0&to=${to}&countback=5`);
    expect(contract.statusCode).toBe(200);
  });
});
