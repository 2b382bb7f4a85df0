import { describe, expect, it } from 'vitest';
import {
  CHART_DRAWINGS_MAX,
  CHART_LAYOUT_MAX_BYTES,
  chartLayout,
  chartLayoutParams,
  DEFAULT_CHART_LAYOUT,
  type ChartLayout,
} from '../src/index.js';

const valid: ChartLayout = {
  resolution: '1W',
  style: 'line',
  view: 'depth',
  indicators: ['MACD', 'RSI'],
  drawings: [
    { kind: 'horizontal', symbol: 'BTC', price: 65_000.5 },
    { kind: 'trend', symbol: 'ETH', from: { time: 1_760_000_000, price: 2000 }, to: { time: 1_760_003_600, price: 2100 } },
  ],
};

describe('the chart layout schema', () => {
  it('reads a full layout and the default one', () => {
    expect(chartLayout.parse(valid)).toEqual(valid);
    expect(chartLayout.parse(DEFAULT_CHART_LAYOUT)).toEqual(DEFAULT_CHART_LAYOUT);
  });

  it('refuses unknown values, repeated indicators, extra fields and drawings past the limit', () => {
    const horizontal = { kind: 'horizontal', symbol: 'BTC', price: 1 };
    for (const bad of [
      { ...valid, resolution: '3' },
      { ...valid, style: 'bars' },
      { ...valid, indicators: ['RSI', 'RSI'] },
      { ...valid, indicators: ['KDJ'] },
      { ...valid, colour: 'red' },
      { ...valid, drawings: [{ ...horizontal, price: -1 }] },
      { ...valid, drawings: [{ ...horizontal, price: Number.POSITIVE_INFINITY }] },
      { ...valid, drawings: [{ ...horizontal, symbol: 'btc' }] },
      { ...valid, drawings: [{ kind: 'trend', symbol: 'BTC', from: { time: 1, price: 1 }, to: { time: 1_760_000_000, price: 1 } }] },
      { ...valid, drawings: [{ ...horizontal, note: 'x' }] },
      { ...valid, drawings: Array(CHART_DRAWINGS_MAX + 1).fill(horizontal) },
    ]) {
      expect(chartLayout.safeParse(bad).success, JSON.stringify(bad).slice(0, 100)).toBe(false);
    }
    expect(chartLayout.safeParse({ ...valid, drawings: Array(CHART_DRAWINGS_MAX).fill(horizontal) }).success).toBe(true);
  });

  it(`keeps every layout it accepts within ${CHART_LAYOUT_MAX_BYTES} bytes`, () => {
    const longest = { kind: 'trend', symbol: 'A'.repeat(20), from: { time: 1_760_000_000, price: 123_456_789.123456 }, to: { time: 1_760_000_001, price: 123_456_789.123457 } };
    const full = { ...valid, indicators: ['MA', 'EMA', 'BOLL', 'VOL', 'MACD', 'RSI'], drawings: Array(CHART_DRAWINGS_MAX).fill(longest) };
    const parsed = chartLayout.safeParse(full);
    const size = new TextEncoder().encode(JSON.stringify(full)).length;
    expect(parsed.success).toBe(size <= CHART_LAYOUT_MAX_BYTES);
  });

  it('names layouts with small letters, digits and dashes only', () => {
    expect(chartLayoutParams.safeParse({ name: 'spot' }).success).toBe(true);
    expect(chartLayoutParams.safeParse({ name: 'futures-2' }).success).toBe(true);
    for (const name of ['', 'Spot', '-spot', 'a'.repeat(41), 'spot/1', '../x']) expect(chartLayoutParams.safeParse({ name }).success, name).toBe(false);
  });
});
