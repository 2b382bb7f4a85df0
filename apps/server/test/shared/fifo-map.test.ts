import { describe, expect, it } from 'vitest';
import { FifoMap } from '../../src/shared/fifo-map.js';

const keysOf = (m: FifoMap<string, number>, candidates: readonly string[]) => candidates.filter((k) => m.has(k));

describe('FifoMap', () => {
  it('evicts the oldest inserted key when full', () => {
    const m = new FifoMap<string, number>(3);
    for (const k of ['a', 'b', 'c', 'd']) m.set(k, 1);
    expect(keysOf(m, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
    expect(m.size).toBe(3);
  });

  it('keeps a key in its place when set again, as a Map does', () => {
    const m = new FifoMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3);
    m.set('c', 4);
    expect(keysOf(m, ['a', 'b', 'c'])).toEqual(['b', 'c']);
  });

  it('puts a key deleted and set again last, so the next eviction takes the one after it', () => {
    const m = new FifoMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.delete('a');
    m.set('a', 3);
    m.set('c', 4);
    expect(keysOf(m, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(m.get('a')).toBe(3);
  });

  it('stays exact over many renewals of the same keys (the queue compacts without losing the order)', () => {
    const m = new FifoMap<string, number>(3);
    for (let round = 0; round < 100; round++) {
      for (const k of ['x', 'y']) {
        m.delete(k);
        m.set(k, round);
      }
    }
    m.set('z', 0);
    // The queue was compacted many times over: x, then y, then z are the order of insertion.
    m.set('w', 0);
    expect(keysOf(m, ['x', 'y', 'z', 'w'])).toEqual(['y', 'z', 'w']);
    expect(m.get('y')).toBe(99);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new FifoMap(0)).toThrow(/positive integer/);
  });
});
