import { futuresMessages, type ClosePositionResponse, type PositionMode, type FuturesSide, type MarginMode, type OpenFuturesResponse, type TriggerBy } from '@exchange/contract';
import type { Command } from '@exchange/engine';
import { IdRange } from '../../db/id-range.js';
import { AppError } from '../../errors.js';
import type { Answer } from '../../ledger/idempotency.js';
import type { CycleParticipant, LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import { withinSizeBounds } from '../../shared/size-bounds.js';
import type { VenueEvent } from '../../venue/events.js';
import type { Venue } from '../../venue/venue.js';
import { applyCancel } from './cancel-job.js';
import { applyClose, applyReduce, applySystem, type ReduceRequest } from './close-job.js';
import { applyDelivery, applyFunding } from './contract-jobs.js';
import { engineSide, newBatch, type Desk, type FuturesBatch, type FuturesOptions, type PositionEvent } from './desk.js';
import { futuresFailed } from './futures-failed.js';
import { POSITION_ID_BLOCK } from './ids.js';
import { applyLiquidation } from './liquidation-job.js';
import { applyOpen } from './open-job.js';
import { PositionBook } from './position-book.js';
import { applyPositionMode, PositionModes } from './position-mode.js';
import { loadOpenPositions, loadRestingOrders, loadSystemPositions } from './position-store.js';
import { futuresUsdt, INSURANCE } from './settlement.js';
import { applyLeverage, applyMarginChange, applyTpsl } from './position-tools.js';
import type { LiveOrder, LivePosition, OpenRequest, PositionKey } from './types.js';

const IDS_PER_BATCH = 500;
const ZERO = new Dec(0);

export type PositionListener = (positions: readonly LivePosition[], events: readonly PositionEvent[]) => void;
/** The users' orders a committed batch placed or changed (the private `futures-orders` channel). */
export type OrderListener = (orders: readonly LiveOrder[]) => void;

/**
 * Futures contracts: one ledger job per request (margin hold, the contract venue's match, the fills'
 * settlement through the clearing account, the rows), the simulated market's orders on the
 * contracts, liquidations, deleveraging, funding and delivery (each job in its own file). Like the
 * spot service, its memory (live positions, the books, the market's net positions) follows what the
 * ledger commits: a batch that does not commit rebuilds the contracts it touched from the database.
 */
export class FuturesService implements CycleParticipant<FuturesBatch> {
  private readonly book = new PositionBook();
  private readonly modes = new PositionModes();
  private readonly ids: IdRange;
  private readonly expired = new Set<string>();
  private readonly listeners = new Set<PositionListener>();
  private readonly orderListeners = new Set<OrderListener>();
  private readonly desk: Desk;

  private constructor(private readonly opts: FuturesOptions) {
    this.ids = new IdRange(opts.db, 'futures_position_ids', POSITION_ID_BLOCK);
    this.desk = { opts, book: this.book, ids: this.ids, modes: this.modes, batchOf: (tx) => tx.stateOf(this), venueOf: (instId) => this.venueOf(instId) };
    opts.ledger.participate(this);
  }

  static async open(opts: FuturesOptions): Promise<FuturesService> {
    const service = new FuturesService(opts);
    await service.modes.load(opts.db);
    await service.restore(opts.venues.derivatives().map((v) => v.instId));
    return service;
  }

  /** Takes contracts listed after start (a new quarter) into service: their positions, if any, back on the book. */
  addContracts(instIds: readonly string[]): Promise<void> {
    return this.restore(instIds);
  }

  /** A delivery contract that has settled: no order is taken any more. */
  isExpired(instId: string): boolean {
    return this.expired.has(instId.toUpperCase());
  }

  onPositions(listener: PositionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onOrders(listener: OrderListener): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  position(id: string): LivePosition | undefined {
    return this.book.get(id);
  }

  /** The open position of a key, if any. */
  positionOf(key: PositionKey): LivePosition | undefined {
    return this.book.positionOf(key);
  }

  /** The user's position mode: hedge (long and short apart) or one-way (one net position). */
  positionMode(userId: string): PositionMode {
    return this.modes.of(userId);
  }

  /** Sets the user's position mode; refused while a futures position is open or an order rests. */
  setPositionMode(userId: string, mode: PositionMode): Promise<PositionMode> {
    return futuresFailed(this.opts.ledger.transact({ run: (tx) => applyPositionMode(this.desk, userId, mode, tx) }));
  }

  /** Refuses what is no tradable futures contract (400 UNKNOWN_CONTRACT, CONTRACT_EXPIRED). */
  assertContract(instId: string): void {
    this.venueOf(instId);
  }

  /** What the position's resting reduce-only orders may still close. */
  reservedToReduce(p: LivePosition): Dec {
    return this.book.reservedToReduce(p);
  }

  /** An order resting on a book, as memory has it. */
  restingOrder(id: string): LiveOrder | undefined {
    return this.book.restingOrder(id);
  }

  openPositions(instId: string): LivePosition[] {
    return [...this.book.contractPositions(instId)];
  }

  /** Open positions with a take-profit or a stop-loss. */
  withTriggers(): ReadonlySet<LivePosition> {
    return this.book.withTriggers();
  }

  /** A user's open cross-margin positions on every contract. */
  crossPositions(userId: string): LivePosition[] {
    return this.allCrossPositions().filter((p) => p.userId === userId);
  }

  allCrossPositions(): LivePosition[] {
    return this.book.activeCross();
  }

  /** What the user's futures wallet has free, as this process last wrote it (0 when not cached). */
  walletAvailable(userId: string): Dec {
    return this.opts.ledger.cachedAvailable(futuresUsdt(userId)) ?? ZERO;
  }

  /** Long and short open interest of a contract in the coin; equal whenever the books hold. */
  openInterest(instId: string): { long: Dec; short: Dec } {
    return this.book.openInterest(instId);
  }

  async open(req: OpenRequest): Promise<{ answer: OpenFuturesResponse; replayed: boolean }> {
    const venue = this.venueOf(req.instId);
    this.opts.halts.assertOpen(venue.instId);
    // The contract's own bounds when an administrator listed it: its venue's coin, not the spot pair's.
    withinSizeBounds(venue.coin, new Dec(venue.lots.format(req.lots)));
    // The order's hold and its fills read the user's tier inside the batch, where nothing can wait for the database.
    await this.opts.fees?.learn(req.userId);
    return this.opts.idempotency.answer<OpenFuturesResponse>(req.userId, req.idempotency, 200, (answer) => futuresFailed(this.openJob(req, venue, answer)));
  }

  /**
   * PUT /close-position: a position's id closes it at market; an order's id cancels its rest and
   * closes the position it filled into (`filledInto`, read from its row). `triggered`: the risk
   * monitor closes it for its take-profit or stop-loss, which a full ledger queue must not put off.
   */
  async close(userId: string, id: string, filledInto: string | null = null, triggered = false): Promise<ClosePositionResponse> {
    await this.opts.fees?.learn(userId);
    return futuresFailed(
      this.opts.ledger.transact({ reads: [futuresUsdt(userId)], run: (tx) => applyClose(this.desk, userId, id, filledInto, !triggered, tx), system: triggered }),
    );
  }

  /**
   * A reduce-only order on each open position of one side of a contract (both margin modes', or
   * only `marginMode`'s, as OKX's orders name one): `req` null closes what no resting reduce-only
   * order covers, at market.
   */
  async reduce(userId: string, instId: string, side: FuturesSide, req: ReduceRequest | null, marginMode?: MarginMode): Promise<LiveOrder[]> {
    const mine = [...this.book.contractPositions(instId)].filter(
      (p) => p.userId === userId && p.side === side && (marginMode === undefined || p.marginMode === marginMode),
    );
    if (mine.length === 0) throw new AppError(400, futuresMessages.nothingToClose, 'NOTHING_TO_CLOSE');
    await this.opts.fees?.learn(userId);
    if (req) {
      const venue = this.venueOf(instId);
      withinSizeBounds(venue.coin, new Dec(venue.lots.format(req.lots)), { minimum: false });
    }
    const out: LiveOrder[] = [];
    for (const p of mine) {
      out.push(await futuresFailed(this.opts.ledger.transact({ reads: [futuresUsdt(userId)], run: (tx) => applyReduce(this.desk, userId, p.id, req, tx) })));
    }
    return out;
  }

  /** Cancels the user's orders of these ids still on a book; the answer is those canceled. */
  cancel(userId: string, orderIds: readonly string[]): Promise<LiveOrder[]> {
    return futuresFailed(this.opts.ledger.transact({ reads: [futuresUsdt(userId)], run: (tx) => applyCancel(this.desk, userId, orderIds, tx) }));
  }

  /** PUT /futures/leverage: the side's setting, and its open position re-margined, in one ledger job. */
  setLeverage(key: PositionKey, leverage: number, mark: number | null): Promise<LivePosition | undefined> {
    this.venueOf(key.instId);
    return futuresFailed(this.opts.ledger.transact({ reads: [futuresUsdt(key.userId)], run: (tx) => applyLeverage(this.desk, key, leverage, mark, tx) }));
  }

  /** Adds margin to an isolated position or removes some, in one ledger job. */
  changeMargin(userId: string, positionId: string, type: 'add' | 'reduce', amount: Dec, mark: number | null): Promise<LivePosition> {
    return futuresFailed(
      this.opts.ledger.transact({ reads: [futuresUsdt(userId)], run: (tx) => applyMarginChange(this.desk, userId, positionId, type, amount, mark, tx) }),
    );
  }

  /** Sets or (both null) clears a position's take-profit and stop-loss. */
  setTpsl(userId: string, positionId: string, tp: string | null, sl: string | null, by: TriggerBy): Promise<LivePosition> {
    return futuresFailed(this.opts.ledger.transact({ run: (tx) => applyTpsl(this.desk, userId, positionId, tp, sl, by, tx) }));
  }

  submitSystem(instId: string, commands: readonly Command[]): Promise<VenueEvent[]> {
    const venue = this.venueOf(instId);
    return this.opts.ledger.transact({ run: (tx) => applySystem(this.desk, venue, commands, tx), system: true });
  }

  /** Liquidates a position whose mark crossed its liquidation price; a no-op when it is gone or healthy again. */
  liquidate(positionId: string, mark: Dec): Promise<void> {
    const owner = this.book.get(positionId)?.userId;
    const reads = owner === undefined ? [INSURANCE] : [INSURANCE, futuresUsdt(owner)];
    return this.opts.ledger.transact({ reads, run: (tx) => applyLiquidation(this.desk, positionId, mark, tx), system: true });
  }

  /**
   * Settles a delivery contract at `price`: resting orders are cancelled, every position (users'
   * and the market's) is closed at that price without fee, and the contract is marked settled.
   */
  deliver(instId: string, price: Dec): Promise<void> {
    return this.opts.ledger.transact({ run: (tx) => applyDelivery(this.desk, instId, price, tx), system: true });
  }

  /** Pays one funding time of a contract between its positions at `rate` (a fraction) and `mark`. */
  settleFunding(instId: string, fundingTime: number, rate: Dec, mark: Dec): Promise<void> {
    return this.opts.ledger.transact({ run: (tx) => applyFunding(this.desk, instId, fundingTime, rate, mark, tx), system: true });
  }

  idle(): Promise<void> {
    return this.opts.ledger.idle();
  }

  async beforeBatch(): Promise<void> {
    await this.ids.reserve(IDS_PER_BATCH);
    await this.opts.venues.reserveTradeIds();
  }

  begin(): FuturesBatch {
    return newBatch();
  }

  seal(b: FuturesBatch): void {
    for (const [instId, events] of b.venues) {
      if (events.length > 0) b.messages.push({ type: 'committed', instId, events, orders: [], fills: [] });
    }
    b.changed = [...new Set([...b.created, ...b.updated])];
  }

  committed(b: FuturesBatch): void {
    for (const id of b.expired) this.expired.add(id);
    for (const m of b.messages) this.opts.bus.publish(m);
    this.tellOrders(b);
    if (b.changed.length === 0 && b.events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(b.changed, b.events);
      } catch (err) {
        this.opts.log.error({ err }, 'a futures position listener failed');
      }
    }
  }

  async failed(b: FuturesBatch): Promise<void> {
    const touched = [...b.created, ...b.updated, ...b.createdOrders, ...b.updatedOrders].map((x) => x.instId);
    if (b.modes.size > 0) await this.modes.load(this.opts.db, [...b.modes]);
    return this.restore([...new Set([...b.venues.keys(), ...touched])]);
  }

  private tellOrders(b: FuturesBatch): void {
    if (b.createdOrders.size === 0 && b.updatedOrders.size === 0) return;
    const orders = [...b.createdOrders, ...b.updatedOrders];
    for (const listener of this.orderListeners) {
      try {
        listener(orders);
      } catch (err) {
        this.opts.log.error({ err }, 'a futures order listener failed');
      }
    }
  }

  private openJob(req: OpenRequest, venue: Venue, answer?: Answer<OpenFuturesResponse>): Promise<OpenFuturesResponse> {
    return this.opts.ledger.transact({ reads: [futuresUsdt(req.userId)], run: (tx: LedgerTx) => applyOpen(this.desk, req, venue, answer, tx) });
  }

  private venueOf(instId: string): Venue {
    const v = this.opts.venues.get(instId);
    if (!v || v.kind === 'spot') throw new AppError(400, futuresMessages.unknownContract, 'UNKNOWN_CONTRACT');
    if (this.expired.has(v.instId)) throw new AppError(400, futuresMessages.contractExpired, 'CONTRACT_EXPIRED');
    return v;
  }

  /**
   * Rebuilds these contracts from the database: open positions, the users' resting orders (back on
   * the book in placement order) and the simulated market's net positions. Its quotes are gone;
   * the bus says so and the maker quotes again.
   */
  private async restore(instIds: readonly string[]): Promise<void> {
    if (instIds.length === 0) return;
    const venues = instIds.map((id) => this.venueOf(id));
    const [open, resting, system] = await Promise.all([
      loadOpenPositions(this.opts.db, instIds),
      loadRestingOrders(this.opts.db, instIds),
      loadSystemPositions(this.opts.db, instIds),
    ]);
    this.book.forget(new Set(instIds));
    for (const row of system) this.book.systemRow(row.instId, row.owner).net = row.net;
    for (const p of open) this.book.add(p);
    for (const v of venues) {
      const mine = resting.filter((o) => o.instId === v.instId);
      v.restore(
        mine.map((o) => ({
          id: o.id,
          owner: o.userId,
          side: engineSide(o.side, o.reduceOnly),
          price: v.prices.ticksOf(o.orderPrice ?? '0'),
          qty: v.lots.ticksOf(o.orderQty.minus(o.filled).toFixed()),
          stopPrice: null,
        })),
      );
      for (const o of mine) {
        const position = o.positionId === null ? undefined : this.book.get(o.positionId);
        if (!o.reduceOnly) this.book.setOrder(o.id, { action: 'open', order: o });
        else if (position) this.book.setOrder(o.id, { action: 'close', order: o, position });
        else throw new Error(`reduce-only order ${o.id} rests without its position ${o.positionId ?? ''}`);
      }
      this.opts.bus.publish({ type: 'reset', instId: v.instId });
    }
    for (const listener of this.listeners) listener(open, []);
  }
}
