import { Dec } from '../../shared/decimal.js';
import type { SystemPositionRow } from './records.js';
import type { NetPosition } from './settlement.js';
import type { LivePosition } from './types.js';

const ZERO = new Dec(0);
const EMPTY: ReadonlySet<LivePosition> = new Set();

export type OrderAction = 'open' | 'close' | 'liquidation';

/** What an order on a contract's book does for a position. */
export interface OrderRef {
  position: LivePosition;
  action: OrderAction;
}

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
  private readonly orders = new Map<string, OrderRef>();
  private readonly system = new Map<string, Map<string, SystemPositionRow>>();

  get(id: string): LivePosition | undefined {
    return this.live.get(id);
  }

  all(): IterableIterator<LivePosition> {
    return this.live.values();
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
    if (p.marginMode === 'cross') this.cross.add(p);
    if (p.takeProfit !== null || p.stopLoss !== null) this.triggers.add(p);
  }

  remove(p: LivePosition): void {
    this.live.delete(p.id);
    this.byContract.get(p.instId)?.delete(p);
    this.cross.delete(p);
    this.triggers.delete(p);
  }

  order(orderId: string): OrderRef | undefined {
    return this.orders.get(orderId);
  }

  setOrder(orderId: string, ref: OrderRef): void {
    this.orders.set(orderId, ref);
  }

  deleteOrder(orderId: string): void {
    this.orders.delete(orderId);
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
    for (const [id, ref] of this.orders) if (instIds.has(ref.position.instId)) this.orders.delete(id);
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
