import { describe, expect, it } from 'vitest';
import type { Hold } from '../../src/ledger/postings.js';
import { checkFigures, closeFill, futuresUsdt, Legs, type PositionFigures } from '../../src/modules/futures/settlement.js';
import { Dec } from '../../src/shared/decimal.js';
import { InvariantBroken } from '../../src/shared/invariant.js';

const hold = (left: string): Hold => ({ id: 'h', account: futuresUsdt('u'), reason: 'margin', ref: 'p', left: new Dec(left), status: 'live' });
const position = (qty: string, cost: string, margin: string): PositionFigures => ({ side: 'long', qty: new Dec(qty), cost: new Dec(cost), margin: new Dec(margin) });

describe('futures settlement invariants', () => {
  it('a close of the whole position leaves nothing on it', () => {
    const p = position('2', '200', '20');
    closeFill(new Legs(), 'u', hold('20'), p, new Dec(110), new Dec(2), { liquidation: false, chargeFee: false });
    expect([p.qty.toFixed(), p.cost.toFixed(), p.margin.toFixed()]).toEqual(['0', '0', '0']);
  });

  it('issue 14 #9: a close larger than the open position fails instead of flipping its side', () => {
    const p = position('1', '100', '10');
    expect(() => closeFill(new Legs(), 'u', hold('10'), p, new Dec(100), new Dec(2), { liquidation: false, chargeFee: true })).toThrow(InvariantBroken);
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
