import { OrderNode, PriceLevel } from './order-node.js';

/**
 * One side of the book: price levels in an array sorted by key ascending, so the best level is
 * the last element (matching pops it in O(1)). Bids use key = price, asks key = -price.
 */
export class BookSide {
  readonly levels: PriceLevel[] = [];
  private readonly byPrice = new Map<number, PriceLevel>();

  constructor(readonly isBid: boolean) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  add(node: OrderNode): void {
    let level = this.byPrice.get(node.price);
    if (level === undefined) {
      level = new PriceLevel(node.price, this.isBid ? node.price : -node.price);
      this.insertLevel(level);
      this.byPrice.set(node.price, level);
    }
    level.push(node);
  }

  /** Unlinks a resting node and drops its level when it empties. */
  remove(node: OrderNode): void {
    const level = node.level as PriceLevel;
    level.unlink(node);
    if (level.count === 0) this.dropLevel(level);
  }

  dropLevel(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) {
      levels.pop();
      return;
    }
    levels.splice(this.indexOf(level.key), 1);
  }

  private insertLevel(level: PriceLevel): void {
    const levels = this.levels;
    const n = levels.length;
    // New levels mostly appear near the top of the book, so the common cases are O(1).
    if (n === 0 || (levels[n - 1] as PriceLevel).key < level.key) {
      levels.push(level);
      return;
    }
    levels.splice(this.indexOf(level.key), 0, level);
  }

  /** First index whose key is >= `key`. */
  private indexOf(key: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((levels[mid] as PriceLevel).key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
