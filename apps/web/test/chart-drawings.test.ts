import { describe, expect, it } from 'vitest';
import { drawingFromClicks, trendSegment } from '../src/shared/chart/drawings';

const HOUR = 3600;
const T0 = 1_760_000_400; // a whole hour plus nothing odd: 1_760_000_400 = 488_889 hours
const trend = { kind: 'trend' as const, symbol: 'BTC', from: { time: T0, price: 100 }, to: { time: T0 + 10 * HOUR, price: 200 } };

describe('chart drawings', () => {
  it('makes a horizontal line from one click and a trend line from two on different bars', () => {
    expect(drawingFromClicks('horizontal', 'BTC', [{ time: T0, value: 123.456789012 }])).toEqual({ kind: 'horizontal', symbol: 'BTC', price: 123.45679 });
    expect(drawingFromClicks('trend', 'BTC', [{ time: T0, value: 1 }])).toBeNull();
    expect(drawingFromClicks('trend', 'BTC', [{ time: T0, value: 1 }, { time: T0, value: 2 }])).toBeNull();
    expect(drawingFromClicks('trend', 'ETH', [{ time: T0, value: 1 }, { time: T0 + 60, value: 2 }])).toEqual({
      kind: 'trend',
      symbol: 'ETH',
      from: { time: T0, price: 1 },
      to: { time: T0 + 60, price: 2 },
    });
  });

  it('cuts a trend line to the bars in view, keeping its slope', () => {
    expect(trendSegment(trend, '60', T0 - 100 * HOUR, T0 + 100 * HOUR)).toEqual([
      { time: T0, value: 100 },
      { time: T0 + 10 * HOUR, value: 200 },
    ]);
    expect(trendSegment(trend, '60', T0 + 5 * HOUR, T0 + 8 * HOUR)).toEqual([
      { time: T0 + 5 * HOUR, value: 150 },
      { time: T0 + 8 * HOUR, value: 180 },
    ]);
    expect(trendSegment(trend, '60', T0 + 11 * HOUR, T0 + 20 * HOUR)).toBeNull();
  });

  it('moves the ends to their bars on a coarser timeframe and drops a line inside one bar', () => {
    expect(trendSegment(trend, '1W', 0, T0 + 100 * HOUR)).toBeNull();
    const [a] = trendSegment(trend, '240', 0, T0 + 100 * HOUR) ?? [];
    expect((a?.time ?? 1) % (4 * HOUR)).toBe(0);
  });
});
