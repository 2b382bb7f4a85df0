import { describe, expect, it } from 'vitest';
import { coinBySymbol, coins, type Coin } from '../../src/shared/catalogue.js';
import { CandleAggregator, type Candle } from '../../src/modules/market-data/candles.js';
import { isOnStep } from '../../src/shared/decimal.js';
import type { CandleHistory } from '../../src/modules/market-data/candles.js';
import { generateHistory } from '../../src/market/history.js';
import { bucketStart, RESOLUTIONS, type Resolution } from '../../src/modules/market-data/resolutions.js';

const END = Date.UTC(2025, 4, 15, 12, 30, 15);
const some = ['BTC', 'DOGE', 'SHIB'].map((s) => coinBySymbol(s) as Coin);

/** The bars as the charts print them. */
function candlesOf(history: CandleHistory | undefined, res: Resolution): readonly Candle[] {
  const agg = new CandleAggregator();
  if (history) agg.seed('X', history);
  return agg.candles('X', res);
}

describe('history generator', () => {
  it('gives every resolution enough bars, for every coin, quickly', () => {
    const started = performance.now();
    const history = generateHistory({ seed: 1, endMs: END });
    // Generous for a loaded CI machine; about half a second on an idle one.
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(history.size).toBe(coins.length);
    const minBars = { '1m': 300, '5m': 300, '15m': 150, '1h': 1000, '4h': 180, '1D': 90, '1W': 15 };
    for (const c of coins) {
      const h = history.get(c.symbol);
      for (const res of RESOLUTIONS) expect(h?.bars[res].time.length, `${c.symbol} ${res}`).toBeGreaterThanOrEqual(minBars[res]);
    }
  });

  it('ends at the given price, before the current minute, on the coin grid', () => {
    const history = generateHistory({ seed: 1, endMs: END, coins: some, endPrices: { DOGE: '0.19876' } });
    for (const coin of some) {
      const h = history.get(coin.symbol);
      if (!h) throw new Error(coin.symbol);
      const want = coin.symbol === 'DOGE' ? '0.19876' : coin.price;
      for (const res of RESOLUTIONS) {
        const bars = candlesOf(h, res);
        expect(bars.at(-1)?.close, `${coin.symbol} ${res}`).toBe(want);
        expect(bars.at(-1)?.time).toBeLessThan(Date.UTC(2025, 4, 15, 12, 30));
        const bad = bars.filter(
          (b, i) =>
            bucketStart(b.time, res) !== b.time ||
            (i > 0 && b.time <= (bars[i - 1]?.time ?? 0)) ||
            Number(b.low) > Math.min(Number(b.open), Number(b.close)) ||
            Number(b.high) < Math.max(Number(b.open), Number(b.close)) ||
            !isOnStep(b.close, coin.tick_size) ||
            !isOnStep(b.volume, coin.lot_size) ||
            Number(b.volume) <= 0,
        );
        expect(bad, `${coin.symbol} ${res}`).toEqual([]);
      }
    }
  });

  it('is deterministic for a seed and differs for another', () => {
    const a = generateHistory({ seed: 'x', endMs: END, coins: some }).get('BTC');
    const b = generateHistory({ seed: 'x', endMs: END, coins: some }).get('BTC');
    const c = generateHistory({ seed: 'y', endMs: END, coins: some }).get('BTC');
    expect(a).toEqual(b);
    expect(a?.bars['1h'].close).not.toEqual(c?.bars['1h'].close);
  });

  it('stays within a plausible range of the end price over 120 days', () => {
    const days = candlesOf(generateHistory({ seed: 2, endMs: END, coins: some }).get('BTC'), '1D');
    for (const d of days) {
      expect(Number(d.low)).toBeGreaterThan(103_500 * 0.4);
      expect(Number(d.high)).toBeLessThan(103_500 * 2.5);
    }
  });

  it('seeds the aggregator so every chart timeframe answers bars', () => {
    const agg = new CandleAggregator();
    const history = generateHistory({ seed: 1, endMs: END, coins: some });
    for (const [symbol, candles] of history) agg.seed(symbol, candles);
    for (const res of RESOLUTIONS) {
      const r = agg.history('SHIB', res, 0, END / 1000, 50);
      // 120 days of past hold about 18 weeks: the weekly chart answers all of them.
      expect(r.s === 'ok' && r.t.length, res).toBe(Math.min(50, history.get('SHIB')?.bars[res].time.length ?? 0));
    }
    expect(agg.candles('BTC', '1h')).toHaveLength(history.get('BTC')?.bars['1h'].time.length ?? -1);
  });
});
