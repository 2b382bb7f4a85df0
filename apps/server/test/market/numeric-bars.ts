import type { Candle } from '../../src/modules/market-data/candle-math.js';
import type { NumericBars } from '../../src/modules/market-data/candles.js';

/** Seed input written as readable candles: each decimal string becomes the double it parses to. */
export function numericBars(candles: readonly Candle[]): NumericBars {
  const column = (pick: (c: Candle) => string | number): Float64Array => Float64Array.from(candles, (c) => Number(pick(c)));
  return {
    time: column((c) => c.time),
    open: column((c) => c.open),
    high: column((c) => c.high),
    low: column((c) => c.low),
    close: column((c) => c.close),
    volume: column((c) => c.volume),
    quoteVolume: column((c) => c.quoteVolume),
  };
}
