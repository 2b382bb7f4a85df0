import { describe, expect, it } from 'vitest';
import { LiveOrders } from '../../src/modules/spot/live-orders.js';
import type { LiveOrder } from '../../src/modules/spot/types.js';

const order = (id: string, userId: string, clOrdId: string) => ({ id, userId, clOrdId, tag: '' }) as LiveOrder;

describe('LiveOrders', () => {
  it('finds a live order by its user and clOrdId, and frees the clOrdId when the order leaves', () => {
    const live = new LiveOrders();
    const a = order('1', 'u1', 'x');
    live.set('1', a).set('2', order('2', 'u1', '')).set('3', order('3', 'u2', 'x'));
    expect(live.withClientId('u1', 'x')).toBe(a);
    expect(live.withClientId('u2', 'x')?.id).toBe('3');
    expect(live.withClientId('u1', 'X')).toBeUndefined();
    // An order without a clOrdId is not found by the empty one.
    expect(live.withClientId('u1', '')).toBeUndefined();
    expect(live.delete('1')).toBe(true);
    expect(live.withClientId('u1', 'x')).toBeUndefined();
    expect(live.withClientId('u2', 'x')?.id).toBe('3');
    expect(live.delete('1')).toBe(false);
  });

  it('keeps the clOrdId of a newer order when an older one with it leaves, and forgets all on clear', () => {
    const live = new LiveOrders();
    live.set('1', order('1', 'u1', 'x'));
    const newer = order('2', 'u1', 'x');
    live.set('2', newer);
    live.delete('1');
    expect(live.withClientId('u1', 'x')).toBe(newer);
    live.clear();
    expect(live.withClientId('u1', 'x')).toBeUndefined();
    expect(live.size).toBe(0);
  });
});
