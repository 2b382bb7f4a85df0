import { Dec } from '../../shared/decimal.js';
import type { SystemPositionRow } from './records.js';
import type { NetPosition } from './settlement.js';
import type { LiveOrder, LivePosition, PositionKey } from './types.js';

const ZERO = new Dec(0);
const EMPTY: ReadonlySet<LivePosition> = new Set();

/**
 * What an order on a contract's book does: an opening order adds to its key's position (made on its
 * first fill), a reduce-only order closes part of a position, a liquidation's order all of it.
 */
export type OrderRef =
  | { action: 'open'; order: LiveOrder }
  | { action: 'close'; order: LiveOrder; position: LivePosition }
  | { action: 'liquidation'; position: LivePosition };

export const keyOf = (k: PositionKey): string => `${k.userId}|${k.instId}|${k.side}|${k.marginMode}`;

/** The contract an order on the book trades. */
export const refInstId = (ref: OrderRef): string => (ref.action === 'liquidation' ? ref.position.instId : ref.order.instId);

/**
 * The futures' memory of what the ledger committed: the open positions (by id, by contract, the
 * cross-margin ones, those with a take-profit or stop-loss), the users' orders on the books, and the
 * simulated market's net position per contract. Indexed so per-contract work never scans every position.
 */
export class PositionBook {
  private readonly live = new Map<string, LivePosition>();
  private readonly byContract = new Map<string, Set<LivePosition>>();
  private readonly cross = new Set<LivePosition>();
  /** Open positions with a take-profit or stop-loss: the risk clock checks only these. */
  private readonly triggers = new Set<LivePosition>();
  private readonly byKey = new Map<string, LivePosition>();
  private readonly orders = new Map<string, OrderRef>();
  /** The users' orders resting on the books, by position key. */
  private readonly resting = new Map<string, Set<string>>();
  private readonly system = new Map<string, Map<string, SystemPositionRow>>();

  get(id: string): LivePosition | undefined {
    return this.live.get(id);
  }

  all(): IterableIterator<LivePosition> {
    return this.live.values();
  }

  /** The open position of a key, if any. */
  positionOf(k: PositionKey): LivePosition | undefined {
    return this.byKey.get(keyOf(k));
  }

  contractPositions(instId: string): ReadonlySet<LivePosition> {
    return this.byContract.get(instId) ?? EMPTY;
  }

  withTriggers(): ReadonlySet<LivePosition> {
    return this.triggers;
  }

  /** The open cross-margin positions that are active. */
  activeCross(): LivePosition[] {
    return [...this.cross].filter((p) => p.status === 'active');
  }

  add(p: LivePosition): void {
    this.live.set(p.id, p);
    let set = this.byContract.get(p.instId);
    if (!set) {
      set = new Set();
      this.byContract.set(p.instId, set);
    }
    set.add(p);
    this.byKey.set(keyOf(p), p);
    if (p.marginMode === 'cross') this.cross.add(p);
    if (p.takeProfit !== null || p.stopLoss !== null) this.triggers.add(p);
  }

  /** A position's take-profit and stop-loss, set by the latest order that names them. */
  setTriggers(p: LivePosition, takeProfit: string | null, stopLoss: string | null): void {
    p.takeProfit = takeProfit;
    p.stopLoss = stopLoss;
    if (!this.live.has(p.id)) return;
    if (takeProfit !== null || stopLoss !== null) this.triggers.add(p);
    else this.triggers.delete(p);
  }

  remove(p: LivePosition): void {
    this.live.delete(p.id);
    this.byContract.get(p.instId)?.delete(p);
    if (this.byKey.get(keyOf(p)) === p) this.byKey.delete(keyOf(p));
    this.cross.delete(p);
    this.triggers.delete(p);
  }

  order(orderId: string): OrderRef | undefined {
    return this.orders.get(orderId);
  }

  setOrder(orderId: string, ref: OrderRef): void {
    this.orders.set(orderId, ref);
    if (ref.action === 'liquidation') return;
    const key = keyOf(ref.order);
    let ids = this.resting.get(key);
    if (!ids) {
      ids = new Set();
      this.resting.set(key, ids);
    }
    ids.add(orderId);
  }

  deleteOrder(orderId: string): void {
    const ref = this.orders.get(orderId);
    this.orders.delete(orderId);
    if (!ref || ref.action === 'liquidation') return;
    const key = keyOf(ref.order);
    const ids = this.resting.get(key);
    ids?.delete(orderId);
    if (ids?.size === 0) this.resting.delete(key);
  }

  /** The users' orders of a key resting on the book, oldest first. */
  restingOf(k: PositionKey): LiveOrder[] {
    const out: LiveOrder[] = [];
    for (const id of this.resting.get(keyOf(k)) ?? []) {
      const ref = this.orders.get(id);
      if (ref && ref.action !== 'liquidation') out.push(ref.order);
    }
    return out.sort((a, b) => a.seq - b.seq);
  }

  /**
   * What the position's reduce-only orders on the book still may close. Kept at or below its size
   * (a new one is refused past it, and a position shrunk by deleveraging cancels the newest), so a
   * reduce-only order never closes more than is open, nor flips the side.
   */
  reservedToReduce(p: LivePosition): Dec {
    let sum = ZERO;
    for (const o of this.restingOf(p)) if (o.reduceOnly && o.positionId === p.id) sum = sum.plus(o.orderQty.minus(o.filled));
    return sum;
  }

  /** A resting order of a user's, by id. */
  restingOrder(orderId: string): LiveOrder | undefined {
    const ref = this.orders.get(orderId);
    return ref && ref.action !== 'liquidation' ? ref.order : undefined;
  }

  /** The market's net positions on a contract, by system owner. */
  systemRows(instId: string): Iterable<SystemPositionRow> {
    return this.system.get(instId)?.values() ?? [];
  }

  /** The market's net position of `owner` on a contract, made flat when it has none yet. */
  systemRow(instId: string, owner: string): SystemPositionRow {
    let rows = this.system.get(instId);
    if (!rows) {
      rows = new Map();
      this.system.set(instId, rows);
    }
    let row = rows.get(owner);
    if (!row) {
      const net: NetPosition = { qty: ZERO, cost: ZERO };
      row = { instId, owner, net };
      rows.set(owner, row);
    }
    return row;
  }

  /** Forgets everything of these contracts, before they are read back from the database. */
  forget(instIds: ReadonlySet<string>): void {
    for (const p of [...this.live.values()]) if (instIds.has(p.instId)) this.remove(p);
    for (const [id, ref] of [...this.orders]) if (instIds.has(refInstId(ref))) this.deleteOrder(id);
    for (const id of instIds) this.system.delete(id);
  }

  /** Long and short open interest of a contract in the coin; equal whenever the books hold. */
  openInterest(instId: string): { long: Dec; short: Dec } {
    let long = ZERO;
    let short = ZERO;
    for (const p of this.contractPositions(instId)) {
      if (p.side === 'long') long = long.plus(p.qty);
      else short = short.plus(p.qty);
    }
    for (const row of this.systemRows(instId)) {
      if (row.net.qty.gt(0)) long = long.plus(row.net.qty);
      else short = short.minus(row.net.qty);
    }
    return { long, short };
  }
}
