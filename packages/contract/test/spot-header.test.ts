import { describe, expect, it } from 'vitest';
import { headerStats } from '../src/spot-header.js';

describe('headerStats', () => {
  it('keeps the values the coin carries, zero included', () => {
    expect(headerStats({ '24_high': 105.5, '24_low': 0, volume_24h: 3000 })).toEqual({ high: 105.5, low: 0, volume: 3000 });
  });

  it('shows 20500 / 19500 / 1250.75 when the values are missing', () => {
    expect(headerStats({})).toEqual({ high: 20500, low: 19500, volume: 1250.75 });
    expect(headerStats({ '24_high': null, '24_low': null, volume_24h: null })).toEqual({ high: 20500, low: 19500, volume: 1250.75 });
  });

  it('treats a value that is not a finite number as missing', () => {
    expect(headerStats({ '24_high': Number.NaN, '24_low': Number.POSITIVE_INFINITY, volume_24h: Number.NEGATIVE_INFINITY })).toEqual({
      high: 20500,
      low: 19500,
      volume: 1250.75,
    });
  });

  it('defaults each value on its own', () => {
    expect(headerStats({ '24_high': 110, volume_24h: Number.NaN })).toEqual({ high: 110, low: 19500, volume: 1250.75 });
  });
});
