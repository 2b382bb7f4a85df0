import type { StpMode, TimeInForce } from './types.js';

/** Marks "no budget" (qty-bounded order) in OrderNode.budget. */
export const NO_BUDGET = -1;
/** Remaining qty of a budget-only market buy: unbounded in lots, bounded by its budget. */
export const UNBOUNDED_QTY = Number.MAX_SAFE_INTEGER;

/**
 * One order, resting, waiting as a stop, or being matched as taker. Doubly linked into its price
 * level so a cancel unlinks it in O(1). One fixed shape keeps property access monomorphic.
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
  filled = 0;

  constructor(
    public id: string,
    public owner: string,
    public isBuy: boolean,
    public price: number,
    public qty: number,
    public origQty: number,
    public seq: number,
    public tif: TimeInForce,
    public postOnly: boolean,
    public stp: StpMode,
    public stopPrice: number,
    public budget: number,
  ) {}
}

/** All orders at one price, oldest first. `key` orders levels so the best one sorts last. */
export class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  qty = 0;
  count = 0;

  constructor(
    public price: number,
    public key: number,
  ) {}

  push(node: OrderNode): void {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.qty += node.qty;
    this.count++;
  }

  unlink(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    node.level = null;
    this.qty -= node.qty;
    this.count--;
  }
}
