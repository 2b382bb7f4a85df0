import { describe, expect, it } from 'vitest';
import type { BalanceRow } from '../../src/ledger/accounts.js';
import { assetsValue, feeTierOf } from '../../src/modules/fee-tier/tier.js';
import { Dec } from '../../src/shared/decimal.js';

const tier = (volume: string, assets: string) => feeTierOf({ volumeUsdt: new Dec(volume), assetsUsdt: new Dec(assets) });

describe('feeTierOf (spec 3 §9)', () => {
  it('is Premium only with both 5,000,000 USDT of volume and 100,000 USDT of assets', () => {
    expect(tier('5000000', '100000')).toBe('premium');
    expect(tier('12000000.5', '250000')).toBe('premium');
  });

  it('is Level 1 below either threshold, by the smallest amount', () => {
    expect(tier('4999999.999999', '100000')).toBe('level_1');
    expect(tier('5000000', '99999.99999999')).toBe('level_1');
    expect(tier('0', '1000000000')).toBe('level_1');
    expect(tier('1000000000', '0')).toBe('level_1');
    expect(tier('0', '0')).toBe('level_1');
  });
});

describe('assetsValue', () => {
  const row = (asset: string, wallet: BalanceRow['wallet'], available: string, locked = '0'): BalanceRow => ({ asset, wallet, available, locked });
  const prices: Record<string, string> = { BTC: '60000.5', ETH: '3000' };
  const priceOf = (symbol: string) => prices[symbol];

  it('values every wallet, locked included, and Earn principal at last prices; USDT at 1', () => {
    const value = assetsValue(
      [row('USDT', 'spot', '100.25', '50'), row('BTC', 'futures', '0.5', '0.25'), row('ETH', 'funding', '2')],
      [{ symbol: 'ETH', principal: '1' }, { symbol: 'USDT', principal: '10' }],
      priceOf,
    );
    // 150.25 + 0.75 × 60000.5 + 2 × 3000 + 1 × 3000 + 10
    expect(value.toFixed()).toBe('54160.625');
  });

  it('counts a coin without a price as 0 rather than failing', () => {
    expect(assetsValue([row('NOPE', 'spot', '1000'), row('USDT', 'spot', '1')], [], priceOf).toFixed()).toBe('1');
    expect(assetsValue([row('BAD', 'spot', '5')], [], () => 'not a number').toFixed()).toBe('0');
  });
});
