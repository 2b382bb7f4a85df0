import { describe, expect, it } from 'vitest';
import { applyTrade, applyTrades, bucketStart, parseTrade, resolutionSeconds, type Bar } from '../src/shared/chart/bars';
import { barsFromUdf, baseSymbol, historyQuery, loadHistory, udfHistorySchema } from '../src/shared/chart/udf';

const bar = (time: number, close = 100): Bar => ({ time, open: 100, high: 110, low: 90, close, volume: 5 });

describe('bucket alignment', () => {
  it('aligns minutes, hours and days to UTC bucket starts', () => {
    const t = Date.UTC(2026, 4, 14, 13, 47, 29) / 1000;
    expect(bucketStart(t, '1')).toBe(Date.UTC(2026, 4, 14, 13, 47) / 1000);
    expect(bucketStart(t, '5')).toBe(Date.UTC(2026, 4, 14, 13, 45) / 1000);
    expect(bucketStart(t, '15')).toBe(Date.UTC(2026, 4, 14, 13, 45) / 1000);
    expect(bucketStart(t, '60')).toBe(Date.UTC(2026, 4, 14, 13) / 1000);
    expect(bucketStart(t, '240')).toBe(Date.UTC(2026, 4, 14, 12) / 1000);
    expect(bucketStart(t, '1D')).toBe(Date.UTC(2026, 4, 14) / 1000);
    // 14 May 2026 is a Thursday: its week, as the server's, began on Monday the 11th.
    expect(bucketStart(t, '1W')).toBe(Date.UTC(2026, 4, 11) / 1000);
    expect(bucketStart(Date.UTC(2026, 4, 18) / 1000, '1W')).toBe(Date.UTC(2026, 4, 18) / 1000);
    expect(resolutionSeconds('1W')).toBe(7 * 86_400);
  });

  it('keeps a timestamp already on a boundary in its own bucket', () => {
    expect(bucketStart(600, '5')).toBe(600);
    expect(bucketStart(599, '5')).toBe(300);
    expect(resolutionSeconds('1D')).toBe(86_400);
  });
});

describe('applyTrade', () => {
  it('grows the last bar for a trade in its bucket', () => {
    const next = applyTrade(bar(600), { price: 120, size: 2, ts: 650_000 }, '1');
    expect(next).toEqual({ time: 600, open: 100, high: 120, low: 90, close: 120, volume: 7 });
    expect(applyTrade(bar(600), { price: 80, size: 1, ts: 600_000 }, '1')).toMatchObject({ low: 80, high: 110, close: 80 });
  });

  it('opens a new bar at the trade price when the trade starts a later bucket', () => {
    expect(applyTrade(bar(600), { price: 101, size: 3, ts: 660_000 }, '1')).toEqual({
      time: 660,
      open: 101,
      high: 101,
      low: 101,
      close: 101,
      volume: 3,
    });
    expect(applyTrade(undefined, { price: 5, size: 1, ts: 61_000 }, '1')).toMatchObject({ time: 60, open: 5 });
  });

  it('drops a trade older than the last bar', () => {
    expect(applyTrade(bar(600), { price: 1, size: 1, ts: 599_000 }, '1')).toBeNull();
  });

  it('applies a run of trades, replacing then appending', () => {
    const bars = applyTrades(
      [bar(0), bar(60)],
      [
        { price: 130, size: 1, ts: 61_000 },
        { price: 125, size: 1, ts: 125_000 },
        { price: 1, size: 1, ts: 10_000 },
      ],
      '1',
    );
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [0, 100],
      [60, 130],
      [120, 125],
    ]);
    expect(bars[1]?.high).toBe(130);
  });

  it('parses trade pushes, string or number fields', () => {
    expect(parseTrade({ px: '65000.5', sz: '0.01', ts: '1700000000000' })).toEqual({ price: 65000.5, size: 0.01, ts: 1_700_000_000_000 });
    expect(parseTrade({ px: 'x', sz: 1, ts: 1 })).toBeNull();
    expect(parseTrade({ px: 1, ts: 5 })).toEqual({ price: 1, size: 0, ts: 5 });
  });
});

describe('UDF history', () => {
  it('turns column arrays into sorted bars and skips broken rows', () => {
    const answer = udfHistorySchema.parse({ s: 'ok', t: [120, 60, 180], o: [2, 1, 3], h: [2, 1, 3], l: [2, 1, 3], c: [2, 1, 3], v: [20, 10] });
    expect(barsFromUdf(answer)).toEqual([
      { time: 60, open: 1, high: 1, low: 1, close: 1, volume: 10 },
      { time: 120, open: 2, high: 2, low: 2, close: 2, volume: 20 },
      { time: 180, open: 3, high: 3, low: 3, close: 3, volume: 0 },
    ]);
    expect(barsFromUdf({ s: 'no_data', nextTime: 5 })).toEqual([]);
    expect(() => barsFromUdf({ s: 'error', errmsg: 'bad symbol' })).toThrow('bad symbol');
  });

  it('asks for countback bars ending now', async () => {
    expect(historyQuery('btc', '5', 10_000, 300)).toEqual({ symbol: 'BTCUSDT', resolution: '5', from: 10_000 - 300 * 300, to: 10_000, countback: 300 });
    // A contract is asked by its id: the UDF serves its own trades' candles, not the coin's spot pair.
    expect(historyQuery('btc-usdt-swap', '5', 10_000, 300).symbol).toBe('BTC-USDT-SWAP');
    const calls: unknown[] = [];
    const bars = await loadHistory('ETH', '1D', {
      now: 86_400_500,
      get: async (query) => {
        calls.push(query);
        return { s: 'ok', t: [0], o: [1], h: [1], l: [1], c: [1], v: [1] };
      },
    });
    expect(calls).toEqual([{ symbol: 'ETHUSDT', resolution: '1D', from: 86_400 - 86_400 * 300, to: 86_400, countback: 300 }]);
    expect(bars).toHaveLength(1);
  });

  it('reduces chart symbols to the base coin', () => {
    expect(baseSymbol('BTCUSDT')).toBe('BTC');
    expect(baseSymbol('ethusd')).toBe('ETH');
    expect(baseSymbol('SOL/USDT')).toBe('SOL');
    expect(baseSymbol('ADA-USDT')).toBe('ADA');
    expect(baseSymbol('')).toBe('BTC');
    expect(baseSymbol(null)).toBe('BTC');
    expect(baseSymbol('12')).toBe('BTC');
  });
});
