import { chartLayout, chartLayoutResponse, CHART_DRAWINGS_MAX, DEFAULT_CHART_LAYOUT } from '@exchange/contract';
import { describe, expect, it } from 'vitest';
import { chartLayoutAnswer, chartLayoutSchema } from '../src/shared/chart/layoutSchema';

const trend = { kind: 'trend', symbol: 'BTC', from: { time: 1_764_000_000, price: 100_000 }, to: { time: 1_764_003_600, price: 101_500.5 } };
// The longest a valid trend line writes in JSON: 23 characters a price.
const heavyTrend = { ...trend, symbol: 'ABCDEFGHIJKLMNOPQRST', from: { time: 1_764_000_000, price: 1.2345678901234568e-300 }, to: { time: 1_764_003_600, price: 1.2345678901234566e-300 } };
const horizontal = { kind: 'horizontal', symbol: 'ETH', price: 3_000 };
const full = { resolution: '1W', style: 'line', view: 'depth', indicators: ['MA', 'VOL', 'RSI'], drawings: [trend, horizontal] };

const valid: unknown[] = [DEFAULT_CHART_LAYOUT, full, { ...full, indicators: [], drawings: [] }];
const invalid: unknown[] = [
  null,
  'spot',
  { resolution: '1' },
  { ...full, resolution: '2' },
  { ...full, style: 'bars' },
  { ...full, view: 'table' },
  { ...full, indicators: ['NOPE'] },
  { ...full, indicators: ['MA', 'MA'] },
  { ...full, extra: true },
  { ...full, drawings: [{ ...horizontal, price: -1 }] },
  { ...full, drawings: [{ ...horizontal, price: 2e12 }] },
  { ...full, drawings: [{ ...horizontal, symbol: 'btc' }] },
  { ...full, drawings: [{ ...horizontal, colour: 'red' }] },
  { ...full, drawings: [{ ...trend, from: { time: 1.5e9 + 0.5, price: 1 } }] },
  { ...full, drawings: [{ ...trend, to: { time: 5e9, price: 1 } }] },
  { ...full, drawings: [{ kind: 'circle', symbol: 'BTC' }] },
  { ...full, drawings: Array.from({ length: CHART_DRAWINGS_MAX + 1 }, () => horizontal) },
  // Under the drawings' count, over the layout's weight (100 trend lines of 164 bytes).
  { ...full, drawings: Array.from({ length: CHART_DRAWINGS_MAX }, () => heavyTrend) },
];

describe("the web's chart layout schema (zod mini)", () => {
  it('accepts what the contract accepts', () => {
    for (const sample of valid) {
      expect(chartLayout.safeParse(sample).success, JSON.stringify(sample)).toBe(true);
      expect(chartLayoutSchema.safeParse(sample).data).toEqual(chartLayout.parse(sample));
    }
  });

  it('refuses what the contract refuses', () => {
    for (const sample of invalid) {
      const label = JSON.stringify(sample)?.slice(0, 120);
      expect(chartLayout.safeParse(sample).success, label).toBe(false);
      expect(chartLayoutSchema.safeParse(sample).success, label).toBe(false);
    }
  });

  it('reads the server answer the contract describes', () => {
    const answer = { name: 'spot', layout: full, updated_at: '2026-11-29T14:00:00.000Z' };
    expect(chartLayoutAnswer.parse(answer)).toEqual(chartLayoutResponse.parse(answer));
    expect(chartLayoutAnswer.safeParse({ ...answer, layout: { ...full, style: 'bars' } }).success).toBe(false);
  });
});
