import { describe, expect, it } from 'vitest';
import type { Hold } from '../../src/ledger/postings.js';
import {
  addToPosition,
  averageEntry,
  checkFigures,
  CLEARING,
  closeFill,
  feeOf,
  FEES,
  FUTURES_FEE,
  futuresUsdt,
  Legs,
  netSplit,
  NO_FEE,
  openFill,
  type PositionFigures,
} from '../../src/modules/futures/settlement.js';
import { Dec } from '../../src/shared/decimal.js';
import { InvariantBroken } from '../../src/shared/invariant.js';

const hold = (left: string): Hold => ({ id: 'h', account: futuresUsdt('u'), reason: 'margin', ref: 'p', left: new Dec(left), status: 'live' });
const position = (qty: string, cost: string, margin: string): PositionFigures => ({ side: 'long', qty: new Dec(qty), cost: new Dec(cost), margin: new Dec(margin) });

describe('futures settlement invariants', () => {
  it('a close of the whole position leaves nothing on it', () => {
    const p = position('2', '200', '20');
    closeFill(new Legs(), 'u', hold('20'), p, new Dec(110), new Dec(2), { liquidation: false, feeRate: NO_FEE });
    expect([p.qty.toFixed(), p.cost.toFixed(), p.margin.toFixed()]).toEqual(['0', '0', '0']);
  });

  it('issue 14 #9: a close larger than the open position fails instead of flipping its side', () => {
    const p = position('1', '100', '10');
    expect(() => closeFill(new Legs(), 'u', hold('10'), p, new Dec(100), new Dec(2), { liquidation: false, feeRate: FUTURES_FEE })).toThrow(InvariantBroken);
    expect(p.qty.toFixed()).toBe('1');
  });

  it.each([
    ['negative margin', position('1', '100', '-0.01'), /a position of 1 with margin -0.01/],
    ['a closed position that keeps cost', position('0', '0.5', '0'), /a closed position keeps cost 0.5 and margin 0/],
    ['a closed position that keeps margin', position('0', '0', '3'), /keeps cost 0 and margin 3/],
  ])('issue 14 #9: checkFigures fires for %s', (_name, p, message) => {
    expect(() => checkFigures(p)).toThrow(message);
  });
});

describe('a position of several fills (issue 41)', () => {
  const d = (v: string) => new Dec(v);
  const fills: [string, string][] = [
    ['60000', '0.004'],
    ['60300.5', '0.002'],
    ['59999.9', '0.003'],
  ];

  it('enters at the size-weighted average of its opening fills, exactly', () => {
    const p = position('0', '0', '0');
    for (const [price, qty] of fills) addToPosition(p, d(price), d(qty));
    // (240 + 120.601 + 179.9997) / 0.009 = 540.6007 / 0.009
    expect(p.qty.toFixed()).toBe('0.009');
    expect(p.cost.toFixed()).toBe('540.6007');
    expect(averageEntry(p)?.toFixed(10)).toBe('60066.7444444444');
    expect(averageEntry(position('0', '0', '0'))).toBeNull();
  });

  it('a partial close realises profit on the part closed at the average entry; the entry of the rest stays', () => {
    const p: PositionFigures = { side: 'long', qty: d('0.009'), cost: d('540.6007'), margin: d('27.030035') };
    const legs = new Legs();
    // A third at 61,000: cost share 540.6007 / 3 = 180.2002333…, rounded half up to 18 places.
    const r = closeFill(legs, 'u', hold('27.030035'), p, d('61000'), d('0.003'), { liquidation: false, feeRate: FUTURES_FEE });
    expect(r.costShare.toFixed()).toBe('180.200233333333333333');
    expect(r.pnl.toFixed()).toBe('2.799766666666666667');
    expect(r.marginShare.toFixed()).toBe('9.010011666666666667');
    // 0.05 % of 183 = 0.0915, shown apart from the profit.
    expect(r.fee.toFixed()).toBe('0.0915');
    expect(r.returned.toFixed()).toBe(r.marginShare.plus(r.pnl).minus(r.fee).toFixed());
    expect(averageEntry(p)?.toFixed(10)).toBe('60066.7444444444');
    expect(legs.list.find((l) => l.account === CLEARING)?.amount.toFixed()).toBe(r.pnl.neg().toFixed());
    expect(legs.list.find((l) => l.account === FEES)?.amount.toFixed()).toBe('0.0915');
  });

  it('closing half, then the rest, realises the whole profit to the last digit and leaves nothing on the position', () => {
    const p: PositionFigures = { side: 'short', qty: d('0.009'), cost: d('540.6007'), margin: d('54.06007') };
    const h = hold('54.06007');
    const first = closeFill(new Legs(), 'u', h, p, d('59000'), d('0.0045'), { liquidation: false, feeRate: NO_FEE });
    const second = closeFill(new Legs(), 'u', h, p, d('58000.1'), d('0.0045'), { liquidation: false, feeRate: NO_FEE });
    // A short: (cost − exit notional) in all = 540.6007 − (265.5 + 261.00045) = 14.10025.
    expect(first.pnl.plus(second.pnl).toFixed()).toBe('14.10025');
    expect(first.costShare.plus(second.costShare).toFixed()).toBe('540.6007');
    expect(first.marginShare.plus(second.marginShare).toFixed()).toBe('54.06007');
    expect([p.qty.toFixed(), p.cost.toFixed(), p.margin.toFixed()]).toEqual(['0', '0', '0']);
  });
});

describe('one-way netting of a fill (issue 41)', () => {
  it('closes at most the other side and opens the exact rest', () => {
    const split = (opposite: string, qty: string) => {
      const s = netSplit(new Dec(opposite), new Dec(qty));
      return [s.closeQty.toFixed(), s.openQty.toFixed()];
    };
    expect(split('0', '0.3')).toEqual(['0', '0.3']);
    expect(split('0.1', '0.3')).toEqual(['0.1', '0.2']);
    expect(split('0.3', '0.3')).toEqual(['0.3', '0']);
    expect(split('0.7', '0.3')).toEqual(['0.3', '0']);
  });

  it('a flip realises the closed position’s profit and leaves its cost and margin at zero', () => {
    const p: PositionFigures = { side: 'short', qty: new Dec('0.004'), cost: new Dec('240'), margin: new Dec('24') };
    const { closeQty, openQty } = netSplit(p.qty, new Dec('0.006'));
    const r = closeFill(new Legs(), 'u', hold('24'), p, new Dec('59000'), closeQty, { liquidation: false, feeRate: NO_FEE });
    expect(r.pnl.toFixed()).toBe('4');
    expect([p.qty.toFixed(), p.cost.toFixed(), p.margin.toFixed(), openQty.toFixed()]).toEqual(['0', '0', '0', '0.002']);
  });
});

describe('maker and taker fees per fee tier (issue 43)', () => {
  const d = (v: string) => new Dec(v);
  const MAKER = d('0.0001');
  const TAKER = d('0.0007');
  const feeLeg = (legs: Legs) => legs.list.find((l) => l.account === FEES)?.amount.toFixed();

  it('an opening fill pays the rate it is given, from the order’s hold, rounded down', () => {
    // 0.003 at 61,000.7 = 183.0021: 0.01 % is 0.01830021, 0.07 % is 0.12810147.
    const maker = new Legs();
    expect(openFill(maker, 'u', hold('100'), d('61000.7'), d('0.003'), MAKER).toFixed()).toBe('0.01830021');
    expect(feeLeg(maker)).toBe('0.01830021');
    expect(maker.list.find((l) => l.account === futuresUsdt('u'))?.amount.toFixed()).toBe('-0.01830021');
    const taker = new Legs();
    expect(openFill(taker, 'u', hold('100'), d('61000.7'), d('0.003'), TAKER).toFixed()).toBe('0.12810147');
    expect(feeLeg(taker)).toBe('0.12810147');
    // A fee below the ledger's 18 decimals rounds down to nothing, and no leg is written.
    const dust = new Legs();
    expect(openFill(dust, 'u', hold('1'), d('0.000000000000000001'), d('7'), TAKER).toFixed()).toBe('0');
    expect(dust.list).toEqual([]);
  });

  it('a closing fill pays the rate it is given, rounded up, and the user gets back margin + pnl − that fee', () => {
    const close = (rate: Dec) => {
      const p: PositionFigures = { side: 'long', qty: d('0.003'), cost: d('180'), margin: d('18') };
      const legs = new Legs();
      return { r: closeFill(legs, 'u', hold('18'), p, d('61000'), d('0.003'), { liquidation: false, feeRate: rate }), legs };
    };
    const maker = close(MAKER);
    const taker = close(TAKER);
    // 183 × 0.01 % = 0.0183; 183 × 0.07 % = 0.1281; the profit is 3 either way.
    expect([maker.r.fee.toFixed(), taker.r.fee.toFixed()]).toEqual(['0.0183', '0.1281']);
    expect([feeLeg(maker.legs), feeLeg(taker.legs)]).toEqual(['0.0183', '0.1281']);
    expect([maker.r.returned.toFixed(), taker.r.returned.toFixed()]).toEqual(['20.9817', '20.8719']);
    expect(close(NO_FEE).r.fee.toFixed()).toBe('0');
  });

  it('an order holding its fee at the taker rate covers any fill at the maker rate or the taker rate', () => {
    // The hold of 0.003 at 61,000.7: the fee reserve rounded up, never below what a fill rounded down takes.
    const notional = d('61000.7').mul(d('0.003'));
    const reserve = feeOf(notional, TAKER);
    expect(reserve.toFixed()).toBe('0.12810147');
    for (const rate of [MAKER, TAKER]) {
      expect(openFill(new Legs(), 'u', hold('100'), d('61000.7'), d('0.001'), rate).mul(3).lte(reserve)).toBe(true);
    }
  });
});
