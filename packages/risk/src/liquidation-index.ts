import { MinHeap } from './min-heap.js';
import type { Side } from './position-math.js';

export interface IndexedPosition {
  id: string;
  side: Side;
  liquidationPrice: number;
}

interface Live {
  side: Side;
  liquidationPrice: number;
  version: number;
}

/** Stale heap entries tolerated beyond the live ones before a heap is rebuilt from the live map. */
const SLACK = 1024;

/**
 * The open positions of one contract by liquidation price, so that a mark move finds the positions it
 * liquidates in O(k log n) for k of them instead of scanning all n (the O(N) scan exchange-core
 * rejected).
 *
 * Two binary heaps: longs by highest liquidation price first (a long is crossed when LP ≥ mark),
 * shorts by lowest first (crossed when LP ≤ mark); both are min-heaps, of −LP and LP. The only query
 * is "everything past a threshold from one end", which a heap answers by popping, and set() must be
 * cheap because a position's liquidation price moves on every fill, margin change and funding. A
 * sorted array would make each set() O(n); a balanced tree answers the same query with more code.
 * A moved or removed position leaves its old heap entry behind (lazy deletion): every entry carries
 * the version it was set with, and an entry whose version is no longer the live one is dropped when
 * it reaches the top. A heap is rebuilt when its stale entries outnumber its live ones by SLACK, so
 * memory stays O(n) and the rebuild's cost is spread over the sets that made it necessary.
 */
export class LiquidationIndex {
  readonly #live = new Map<string, Live>();
  readonly #longs = new MinHeap();
  readonly #shorts = new MinHeap();
  #liveLongs = 0;
  #liveShorts = 0;
  #version = 0;

  get size(): number {
    return this.#live.size;
  }

  get(id: string): IndexedPosition | undefined {
    const live = this.#live.get(id);
    return live === undefined ? undefined : { id, side: live.side, liquidationPrice: live.liquidationPrice };
  }

  /** Inserts a position or moves it to a new side or liquidation price. */
  set(id: string, side: Side, liquidationPrice: number): void {
    if (Number.isNaN(liquidationPrice)) throw new RangeError(`liquidation price of ${id} is NaN`);
    this.remove(id);
    const version = ++this.#version;
    this.#live.set(id, { side, liquidationPrice, version });
    if (side === 'long') {
      this.#liveLongs++;
      this.#longs.push(-liquidationPrice, id, version);
      if (this.#longs.length > 2 * this.#liveLongs + SLACK) this.#rebuild('long');
    } else {
      this.#liveShorts++;
      this.#shorts.push(liquidationPrice, id, version);
      if (this.#shorts.length > 2 * this.#liveShorts + SLACK) this.#rebuild('short');
    }
  }

  remove(id: string): boolean {
    const live = this.#live.get(id);
    if (live === undefined) return false;
    this.#live.delete(id);
    if (live.side === 'long') this.#liveLongs--;
    else this.#liveShorts--;
    return true;
  }

  /**
   * Every long whose liquidation price is ≥ mark and every short whose liquidation price is ≤ mark,
   * removed from the index as they are returned: the caller liquidates them, and set() puts back any it
   * does not. Longs first, each side from the deepest crossed to the shallowest.
   */
  crossed(markPrice: number): string[] {
    const out: string[] = [];
    this.#drain(this.#longs, -markPrice, out);
    this.#drain(this.#shorts, markPrice, out);
    return out;
  }

  #drain(heap: MinHeap, threshold: number, out: string[]): void {
    while (heap.length > 0 && heap.topKey() <= threshold) {
      const id = heap.topId();
      const version = heap.topVersion();
      heap.pop();
      const live = this.#live.get(id);
      if (live !== undefined && live.version === version) {
        this.#live.delete(id);
        if (live.side === 'long') this.#liveLongs--;
        else this.#liveShorts--;
        out.push(id);
      }
    }
  }

  #rebuild(side: Side): void {
    const keys: number[] = [];
    const ids: string[] = [];
    const versions: number[] = [];
    for (const [id, live] of this.#live) {
      if (live.side !== side) continue;
      keys.push(side === 'long' ? -live.liquidationPrice : live.liquidationPrice);
      ids.push(id);
      versions.push(live.version);
    }
    (side === 'long' ? this.#longs : this.#shorts).rebuild(keys, ids, versions);
  }
}

/**
 * The O(N) scan over every position: the benchmark's baseline and the property test's oracle. Unlike
 * LiquidationIndex.crossed it removes nothing.
 */
export function naiveCrossed(positions: Iterable<IndexedPosition>, markPrice: number): string[] {
  const out: string[] = [];
  for (const p of positions) {
    if (p.side === 'long' ? p.liquidationPrice >= markPrice : p.liquidationPrice <= markPrice) out.push(p.id);
  }
  return out;
}
