import { describe, expect, it } from 'vitest';
import { netFill, netSplit } from '../src/index.js';

describe('one-way netting', () => {
  it('adds a fill on the position side at the size-weighted average entry', () => {
    const r = netFill({ side: 'long', qty: 1, entryPrice: 100 }, 'long', 130, 2);
    expect(r.closedQty).toBe(0);
    expect(r.realizedPnl).toBe(0);
    expect(r.position).toEqual({ side: 'long', qty: 3, entryPrice: 120 });
  });

  it('opens from flat', () => {
    expect(netFill(null, 'short', 50, 4)).toEqual({ position: { side: 'short', qty: 4, entryPrice: 50 }, closedQty: 0, realizedPnl: 0 });
  });

  it('reduces the other side and realises profit or loss on the closed part only', () => {
    const long = netFill({ side: 'long', qty: 3, entryPrice: 100 }, 'short', 110, 1);
    expect(long).toEqual({ position: { side: 'long', qty: 2, entryPrice: 100 }, closedQty: 1, realizedPnl: 10 });
    const short = netFill({ side: 'short', qty: 3, entryPrice: 100 }, 'long', 110, 2);
    expect(short).toEqual({ position: { side: 'short', qty: 1, entryPrice: 100 }, closedQty: 2, realizedPnl: -20 });
  });

  it('closes exactly to flat', () => {
    expect(netFill({ side: 'short', qty: 2, entryPrice: 100 }, 'long', 90, 2)).toEqual({ position: null, closedQty: 2, realizedPnl: 20 });
  });

  it('flips: closes the whole position, realises its P&L and opens the rest at the fill price', () => {
    const r = netFill({ side: 'short', qty: 1, entryPrice: 100 }, 'long', 104, 3);
    expect(r.closedQty).toBe(1);
    expect(r.realizedPnl).toBe(-4);
    expect(r.position).toEqual({ side: 'long', qty: 2, entryPrice: 104 });
  });

  it('splits a fill into the part that closes and the part that opens', () => {
    expect(netSplit(null, 'long', 5)).toEqual({ closeQty: 0, openQty: 5 });
    expect(netSplit({ side: 'long', qty: 2, entryPrice: 1 }, 'long', 5)).toEqual({ closeQty: 0, openQty: 5 });
    expect(netSplit({ side: 'short', qty: 2, entryPrice: 1 }, 'long', 5)).toEqual({ closeQty: 2, openQty: 3 });
    expect(netSplit({ side: 'short', qty: 7, entryPrice: 1 }, 'long', 5)).toEqual({ closeQty: 5, openQty: 0 });
  });

  it('never closes more than is open nor loses size', () => {
    for (const [held, qty] of [[0.5, 0.2], [0.5, 0.5], [0.5, 1.7], [3, 0.001]] as const) {
      const s = netSplit({ side: 'long', qty: held, entryPrice: 10 }, 'short', qty);
      expect(s.closeQty).toBeLessThanOrEqual(held);
      expect(s.closeQty + s.openQty).toBeCloseTo(qty, 12);
    }
  });
});
