import type { FastifyBaseLogger } from 'fastify';
import type { FuturesSide } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import type { IdRange } from '../../db/id-range.js';
import type { Dec } from '../../shared/decimal.js';
import type { Idempotency } from '../../ledger/idempotency.js';
import type { Ledger, LedgerTx } from '../../ledger/ledger.js';
import type { VenueBus } from '../../venue/bus.js';
import type { MarketHalts } from '../../venue/market-halts.js';
import type { VenueCommitted, VenueEvent } from '../../venue/events.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import type { PositionBook } from './position-book.js';
import type { PositionModes } from './position-mode.js';
import { ordersUpdateWriter, positionsUpdateWriter, systemPositionsWriter, type SystemPositionRow } from './records.js';
import { FUTURES_FEE, type FuturesFees } from './settlement.js';
import type { LiveOrder, LivePosition } from './types.js';

export interface FuturesOptions {
  db: Database;
  ledger: Ledger;
  venues: Venues;
  bus: VenueBus;
  idempotency: Idempotency;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Market time (the trades' clock). */
  nowMs: () => number;
  /** An administrator's halt refuses users' orders on a contract; the risk engine's own closes go on. */
  halts: Pick<MarketHalts, 'assertOpen'>;
  /** The futures rates of the users' fee tiers (fee-tier/schedule.ts); FUTURES_FEE_RATE for every fill without it. */
  fees?: FuturesFees;
}

/** A user-facing event of a committed batch (the private feed and the page's notification). */
export interface PositionEvent {
  userId: string;
  positionId: string;
  kind: 'liquidated' | 'deleveraged' | 'changed';
  message: string | null;
}

/** What one ledger batch did to the futures, applied to memory and told once it commits. */
export interface FuturesBatch {
  venues: Map<string, VenueEvent[]>;
  created: Set<LivePosition>;
  updated: Set<LivePosition>;
  createdOrders: Set<LiveOrder>;
  updatedOrders: Set<LiveOrder>;
  system: Set<SystemPositionRow>;
  events: PositionEvent[];
  messages: VenueCommitted[];
  changed: LivePosition[];
  /** Delivery contracts settled in the batch. */
  expired: string[];
  /** Users whose position mode the batch set: read again from the database if it does not commit. */
  modes: Set<string>;
}

export function newBatch(): FuturesBatch {
  return { venues: new Map(), created: new Set(), updated: new Set(), createdOrders: new Set(), updatedOrders: new Set(), system: new Set(), events: [], messages: [], changed: [], expired: [], modes: new Set() };
}

/** What every futures job works with: the service's options, its memory and the batch of a ledger job. */
export interface Desk {
  readonly opts: FuturesOptions;
  readonly book: PositionBook;
  readonly ids: IdRange;
  /** Who trades in one-way mode: their opening fills first reduce a position on the other side. */
  readonly modes: PositionModes;
  batchOf(tx: LedgerTx): FuturesBatch;
  /** The contract's venue; refuses a spot pair, an unknown contract and a settled one. */
  venueOf(instId: string): Venue;
}

/** The rate a user's fill pays now as maker or taker (their tier's, synchronously: the batch cannot wait). */
export function feeRateOf(desk: Desk, userId: string, role: 'maker' | 'taker'): Dec {
  return desk.opts.fees?.futuresRate(userId, role) ?? FUTURES_FEE;
}

/** The most a user's fill may pay now: what an opening order's hold reserves for fees. */
export function feeReserveOf(desk: Desk, userId: string): Dec {
  return desk.opts.fees?.futuresReserve(userId) ?? FUTURES_FEE;
}

class AfterEngine extends Error {}

/**
 * Runs what follows an engine's match: a failure there is named as such, since the books moved and
 * only the batch's failure (which rebuilds the contract) puts memory right.
 */
export function afterEngine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new AfterEngine(`settling a futures batch after the engine ran failed: ${String(err)}`, { cause: err });
  }
}

export const engineSide = (side: FuturesSide, closing: boolean): 'buy' | 'sell' => ((side === 'long') !== closing ? 'buy' : 'sell');

/** The batch writes a position's row once, as it stands at the end. */
export function positionChanged(tx: LedgerTx, b: FuturesBatch, p: LivePosition): void {
  if (b.created.has(p) || b.updated.has(p)) return;
  b.updated.add(p);
  tx.record(positionsUpdateWriter, p);
}

/** The batch writes an order's row once, as it stands at the end. */
export function orderChanged(tx: LedgerTx, b: FuturesBatch, o: LiveOrder): void {
  if (b.createdOrders.has(o) || b.updatedOrders.has(o)) return;
  b.updatedOrders.add(o);
  tx.record(ordersUpdateWriter, o);
}

export function systemChanged(tx: LedgerTx, b: FuturesBatch, row: SystemPositionRow): void {
  if (b.system.has(row)) return;
  b.system.add(row);
  tx.record(systemPositionsWriter, row);
}

/** Whether the batch has a position id and enough trade ids for one more command on `venue`. */
export function hasIds(desk: Desk, venue: Venue): boolean {
  return desk.ids.available >= 1 && desk.opts.venues.hasTradeIds(venue.maxTradesPerCommand);
}
