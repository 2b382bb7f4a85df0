import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiquidationIndex, naiveCrossed, type IndexedPosition, type Side } from '../src/index.js';

const sorted = (ids: string[]): string[] => [...ids].sort();

type Command =
  | { kind: 'set'; id: string; side: Side; price: number }
  | { kind: 'remove'; id: string }
  | { kind: 'cross'; mark: number };

// Few ids and few prices, so moves, re-inserts and ties are common.
const id = fc.integer({ min: 0, max: 30 }).map((n) => `p${n}`);
const price = fc.oneof(fc.integer({ min: 90, max: 110 }), fc.double({ min: 0, max: 200, noNaN: true }));
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), id, side: fc.constantFrom<Side>('long', 'short'), price }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cross' as const), mark: price }) },
);

/** Runs the commands on the index and on a plain map scanned naively; every crossing must agree. */
function replay(commands: Command[]): void {
  const index = new LiquidationIndex();
  const model = new Map<string, IndexedPosition>();
  for (const c of commands) {
    if (c.kind === 'set') {
      index.set(c.id, c.side, c.price);
      model.set(c.id, { id: c.id, side: c.side, liquidationPrice: c.price });
    } else if (c.kind === 'remove') {
      expect(index.remove(c.id)).toBe(model.delete(c.id));
    } else {
      const expected = naiveCrossed(model.values(), c.mark);
      expect(sorted(index.crossed(c.mark))).toEqual(sorted(expected));
      for (const crossed of expected) model.delete(crossed);
    }
    expect(index.size).toBe(model.size);
  }
  expect(sorted(index.crossed(Infinity).concat(index.crossed(-Infinity)))).toEqual(sorted([...model.keys()]));
}

describe('liquidation index', () => {
  it('crosses longs at or above the mark and shorts at or below it, once', () => {
    const index = new LiquidationIndex();
    index.set('l1', 'long', 57_000);
    index.set('l2', 'long', 59_000);
    index.set('s1', 'short', 61_000);
    index.set('s2', 'short', 63_000);
    expect(index.crossed(60_000)).toEqual([]);
    expect(index.crossed(59_000)).toEqual(['l2']);
    expect(index.crossed(59_000)).toEqual([]);
    expect(index.crossed(63_000)).toEqual(['s1', 's2']);
    expect(index.size).toBe(1);
    expect(index.get('l1')).toEqual({ id: 'l1', side: 'long', liquidationPrice: 57_000 });
  });

  it('moves a position on set and forgets it on remove', () => {
    const index = new LiquidationIndex();
    index.set('a', 'long', 59_000);
    index.set('a', 'long', 55_000);
    expect(index.crossed(58_000)).toEqual([]);
    index.set('a', 'short', 58_500);
    expect(index.crossed(58_000)).toEqual([]);
    expect(index.crossed(58_500)).toEqual(['a']);
    index.set('b', 'long', 59_000);
    expect(index.remove('b')).toBe(true);
    expect(index.remove('b')).toBe(false);
    expect(index.crossed(1)).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('refuses a NaN liquidation price', () => {
    expect(() => new LiquidationIndex().set('a', 'long', NaN)).toThrow(RangeError);
  });

  it('stays right through many moves (stale entries and heap rebuilds)', () => {
    const commands: Command[] = [];
    for (let i = 0; i < 20_000; i++) {
      commands.push({ kind: 'set', id: `p${i % 50}`, side: i % 3 === 0 ? 'short' : 'long', price: (i * 7919) % 1000 });
      if (i % 997 === 0) commands.push({ kind: 'cross', mark: (i * 31) % 1000 });
    }
    replay(commands);
  });

  it('agrees with the naive scan on random sets, removals and mark paths', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 200 }), (commands) => replay(commands)),
      { numRuns: 500 },
    );
  });
});
