import { describe, expect, it } from 'vitest';
import {
  bankruptcyTicks,
  closeLimitTicks,
  fundingTransfer,
  liquidationLimitTicks,
  openLimit,
} from '../../src/modules/futures/order-prices.js';
import type { PositionFigures } from '../../src/modules/futures/settlement.js';
import { Dec } from '../../src/shared/decimal.js';

const FEE = new Dec('0.0005');

const position = (side: 'long' | 'short', qty: string, cost: string, margin: string): PositionFigures => ({
  side,
  qty: new Dec(qty),
  cost: new Dec(cost),
  margin: new Dec(margin),
});

describe('futures order prices', () => {
  it('a market open goes 5% through the touch, sized on the limit for a long and on the bid for a short', () => {
    expect(openLimit('long', { bid: 990, ask: 1000 }, null)).toEqual({ limitTicks: 1050, boundTicks: 1050 });
    expect(openLimit('short', { bid: 1000, ask: 1010 }, null)).toEqual({ limitTicks: 950, boundTicks: 1000 });
    expect(openLimit('long', { bid: 990, ask: null }, null)).toBeNull();
    expect(openLimit('short', { bid: 10, ask: 11 }, null)?.limitTicks).toBe(9);
  });

  it('a limit open keeps its price; a short below the bid is sized on the bid', () => {
    expect(openLimit('long', { bid: null, ask: null }, 900)).toEqual({ limitTicks: 900, boundTicks: 900 });
    expect(openLimit('short', { bid: 1000, ask: 1010 }, 950)).toEqual({ limitTicks: 950, boundTicks: 1000 });
    expect(openLimit('short', { bid: null, ask: 1010 }, 1100)).toEqual({ limitTicks: 1100, boundTicks: 1100 });
  });

  it('a close goes 5% through the touch, never below one tick', () => {
    expect(closeLimitTicks('long', 1000)).toBe(950);
    expect(closeLimitTicks('short', 1000)).toBe(1050);
    expect(closeLimitTicks('long', 1)).toBe(1);
  });

  it('the bankruptcy price is rounded toward the user', () => {
    // Long 1 at 100 with 10 of margin: 90 exactly; 10.05 of margin gives 89.95, on a 0.1 grid 90.0.
    expect(bankruptcyTicks(position('long', '1', '100', '10'), '0.1')).toBe(900);
    expect(bankruptcyTicks(position('long', '1', '100', '10.05'), '0.1')).toBe(900);
    expect(bankruptcyTicks(position('short', '1', '100', '10.05'), '0.1')).toBe(1100);
  });

  it('a liquidation goes through the mark by the slippage, but never past what margin and cover pay', () => {
    const long = position('long', '1', '100', '10');
    // Plenty of cover: the band, 5% under the mark of 95.
    expect(liquidationLimitTicks(long, new Dec(95), new Dec(1000), FEE, '0.1', 950)).toBe(903);
    // No cover: no lower than where the margin pays the loss and the fee bound.
    const bounded = liquidationLimitTicks(long, new Dec(95), new Dec(0), FEE, '0.1', 950) as number;
    expect(bounded).toBeGreaterThan(900);
    expect(bounded).toBeLessThan(950);
    // The bid is already past that price: nothing goes through the book.
    expect(liquidationLimitTicks(long, new Dec(95), new Dec(0), FEE, '0.1', bounded - 1)).toBeNull();
    expect(liquidationLimitTicks(long, new Dec(95), new Dec(1000), FEE, '0.1', null)).toBeNull();
  });

  it('a liquidation bounds its fee at the user’s taker rate: a dearer tier stops the order sooner', () => {
    const long = position('long', '1', '100', '10');
    const cheap = liquidationLimitTicks(long, new Dec(95), new Dec(0), new Dec(0), '0.1', 950) as number;
    const dear = liquidationLimitTicks(long, new Dec(95), new Dec(0), new Dec('0.01'), '0.1', 950) as number;
    // Without a fee the margin pays down to 90, past the band (90.25); a 1 % fee bound on 99.75
    // (0.9975) leaves 9.0025 of margin for the loss: no lower than 90.9975, 91.0 on the grid.
    expect(cheap).toBe(903);
    expect(dear).toBe(910);
  });

  it('funding: a payer pays at most its margin, rounded up; a receiver gets it rounded down', () => {
    expect(fundingTransfer(new Dec('0.3'), new Dec('10'))).toEqual({ paid: new Dec('0.3'), got: new Dec(0) });
    expect(fundingTransfer(new Dec('30'), new Dec('10')).paid.toFixed()).toBe('10');
    expect(fundingTransfer(new Dec('-0.3'), new Dec('10')).got.toFixed()).toBe('0.3');
    expect(fundingTransfer(new Dec('1e-19'), new Dec('10')).paid.toFixed()).toBe('0.000000000000000001');
    expect(fundingTransfer(new Dec('-1e-19'), new Dec('10')).got.isZero()).toBe(true);
  });
});
