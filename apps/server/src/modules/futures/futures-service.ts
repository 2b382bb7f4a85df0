import type { FastifyBaseLogger } from 'fastify';
import { futuresMessages, type ClosePositionResponse, type FuturesSide, type OpenFuturesResponse, amountLimitMessages, MAX_LIVE_ORDERS_PER_MARKET } from '@exchange/contract';
import type { Command } from '@exchange/engine';
import { maxLeverageFor } from '@exchange/risk';
import type { Database } from '../../db/database.js';
import { IdRange } from '../../db/id-range.js';
import { AppError } from '../../errors.js';
import { isSystemOwner } from '../../ledger/accounts.js';
import type { Answer, Idempotency } from '../../ledger/idempotency.js';
import { LedgerWriteFailed, type CycleParticipant, type Ledger, type LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueBus } from '../../venue/bus.js';
import type { VenueCommitted, VenueEvent, VenueFill } from '../../venue/events.js';
import { tradesWriter } from '../../venue/trade-records.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import { rankDeleverage, type AdlCandidate } from './adl.js';
import { POSITION_ID_BLOCK } from './ids.js';
import { loadOpenPositions, loadSystemPositions } from './position-store.js';
import { contractSettledWriter, futuresFillsWriter, fundingWriter, positionsInsertWriter, positionsUpdateWriter, systemPositionsWriter, type SystemPositionRow } from './records.js';
import {
  closeFill,
  FUNDING_POOL,
  futuresUsdt,
  INSURANCE,
  Legs,
  feeOf,
  marginOf,
  fillMargin,
  money,
  openFill,
  sign,
  systemFill,
  type NetPosition,
} from './settlement.js';
import type { LivePosition, OpenRequest } from './types.js';

/** A market order is an IOC limit this far through the best price (and a liquidation one this far through the mark). */
export const MARKET_SLIPPAGE = 0.05;
const IDS_PER_BATCH = 500;
const ZERO = new Dec(0);
const EMPTY: ReadonlySet<LivePosition> = new Set();

type OrderAction = 'open' | 'close' | 'liquidation';
interface OrderRef {
  position: LivePosition;
  action: OrderAction;
}

/** A user-facing event of a committed batch (the private feed and the page's notification). */
export interface PositionEvent {
  userId: string;
  positionId: string;
  kind: 'liquidated' | 'deleveraged' | 'changed';
  message: string | null;
}

interface FuturesBatch {
  venues: Map<string, VenueEvent[]>;
  created: Set<LivePosition>;
  updated: Set<LivePosition>;
  system: Set<SystemPositionRow>;
  events: PositionEvent[];
  messages: VenueCommitted[];
  changed: LivePosition[];
  /** Delivery contracts settled in the batch. */
  expired: string[];
}

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
}

export type PositionListener = (positions: readonly LivePosition[], events: readonly PositionEvent[]) => void;

class AfterEngine extends Error {}

function afterEngine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new AfterEngine(`settling a futures batch after the engine ran failed: ${String(err)}`, { cause: err });
  }
}

const engineSide = (side: FuturesSide, closing: boolean): 'buy' | 'sell' => ((side === 'long') !== closing ? 'buy' : 'sell');

/**
 * Perpetual futures: one ledger job per request (margin hold, the contract venue's match, the fills'
 * settlement through the clearing account, the rows), the simulated market's orders on the
 * contracts, liquidations, deleveraging and funding. Like the spot service, its memory (live
 * positions, the books, the market's net positions) follows what the ledger commits: a batch that
 * does not commit rebuilds the contracts it touched from the database.
 */
export class FuturesService implements CycleParticipant<FuturesBatch> {
  private readonly live = new Map<string, LivePosition>();
  /** The open positions of each contract, so per-contract work never scans every position. */
  private readonly byContract = new Map<string, Set<LivePosition>>();
  /** The open cross-margin positions. */
  private readonly cross = new Set<LivePosition>();
  private readonly orders = new Map<string, OrderRef>();
  private readonly system = new Map<string, Map<string, SystemPositionRow>>();
  private readonly ids: IdRange;
  private readonly expired = new Set<string>();
  private readonly listeners = new Set<PositionListener>();
  /** Open positions with a take-profit or stop-loss: the risk clock checks only these. */
  private readonly triggers = new Set<LivePosition>();

  private constructor(private readonly opts: FuturesOptions) {
    this.ids = new IdRange(opts.db, 'futures_position_ids', POSITION_ID_BLOCK);
    opts.ledger.participate(this);
  }

  static async open(opts: FuturesOptions): Promise<FuturesService> {
    const service = new FuturesService(opts);
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

  position(id: string): LivePosition | undefined {
    return this.live.get(id);
  }

  openPositions(instId: string): LivePosition[] {
    return [...this.contractPositions(instId)];
  }

  /** Open positions with a take-profit or a stop-loss. */
  withTriggers(): ReadonlySet<LivePosition> {
    return this.triggers;
  }

  /** A user's open cross-margin positions on every contract. */
  crossPositions(userId: string): LivePosition[] {
    return this.allCrossPositions().filter((p) => p.userId === userId);
  }

  allCrossPositions(): LivePosition[] {
    return [...this.cross].filter((p) => p.status === 'active');
  }

  /** What the user's futures wallet has free, as this process last wrote it (0 when not cached). */
  walletAvailable(userId: string): Dec {
    return this.opts.ledger.cachedAvailable(futuresUsdt(userId)) ?? ZERO;
  }

  /** Long and short open interest of a contract in the coin; equal whenever the books hold. */
  openInterest(instId: string): { long: Dec; short: Dec } {
    let long = ZERO;
    let short = ZERO;
    for (const p of this.contractPositions(instId)) {
      if (p.side === 'long') long = long.plus(p.qty);
      else short = short.plus(p.qty);
    }
    for (const row of this.system.get(instId)?.values() ?? []) {
      if (row.net.qty.gt(0)) long = long.plus(row.net.qty);
      else short = short.minus(row.net.qty);
    }
    return { long, short };
  }

  async open(req: OpenRequest): Promise<{ answer: OpenFuturesResponse; replayed: boolean }> {
    const venue = this.venueOf(req.instId);
    if (!req.idempotency) return { answer: await writeFailed(this.openJob(req, venue)), replayed: false };
    const { key, hash } = req.idempotency;
    const stored = await this.opts.idempotency.once<OpenFuturesResponse>(req.userId, key, hash, async (answer) => ({
      statusCode: 200,
      body: await writeFailed(this.openJob(req, venue, answer)),
    }));
    return { answer: stored.body, replayed: stored.replayed };
  }

  /**
   * Closes a position at market, or cancels an opening order that has not filled. `triggered`: the
   * risk monitor closes it for its take-profit or stop-loss, which a full ledger queue must not put off.
   */
  close(userId: string, positionId: string, triggered = false): Promise<ClosePositionResponse> {
    return writeFailed(
      this.opts.ledger.transact({ reads: [futuresUsdt(userId)], run: this.applyClose.bind(this, userId, positionId), system: triggered }),
    );
  }

  /** Closes every open position of one side of a contract (the form's Close tab). */
  async closeSide(userId: string, instId: string, side: FuturesSide): Promise<ClosePositionResponse[]> {
    const mine = [...this.contractPositions(instId)].filter((p) => p.userId === userId && p.side === side);
    if (mine.length === 0) throw new AppError(400, futuresMessages.nothingToClose, 'NOTHING_TO_CLOSE');
    return Promise.all(mine.map((p) => this.close(userId, p.id)));
  }

  submitSystem(instId: string, commands: readonly Command[]): Promise<VenueEvent[]> {
    return this.opts.ledger.transact({ run: this.applySystem.bind(this, this.venueOf(instId), commands), system: true });
  }

  /** Liquidates a position whose mark crossed its liquidation price; a no-op when it is gone or healthy again. */
  liquidate(positionId: string, mark: Dec): Promise<void> {
    const owner = this.live.get(positionId)?.userId;
    const reads = owner === undefined ? [INSURANCE] : [INSURANCE, futuresUsdt(owner)];
    return this.opts.ledger.transact({ reads, run: this.applyLiquidation.bind(this, positionId, mark), system: true });
  }

  /**
   * Settles a delivery contract at `price`: resting orders are cancelled, every position (users'
   * and the market's) is closed at that price without fee, and the contract is marked settled.
   */
  deliver(instId: string, price: Dec): Promise<void> {
    return this.opts.ledger.transact({ run: this.applyDelivery.bind(this, instId, price), system: true });
  }

  /** Pays one funding time of a contract between its positions at `rate` (a fraction) and `mark`. */
  settleFunding(instId: string, fundingTime: number, rate: Dec, mark: Dec): Promise<void> {
    return this.opts.ledger.transact({ run: this.applyFunding.bind(this, instId, fundingTime, rate, mark), system: true });
  }

  idle(): Promise<void> {
    return this.opts.ledger.idle();
  }

  async beforeBatch(): Promise<void> {
    await this.ids.reserve(IDS_PER_BATCH);
    await this.opts.venues.reserveTradeIds();
  }

  begin(): FuturesBatch {
    return { venues: new Map(), created: new Set(), updated: new Set(), system: new Set(), events: [], messages: [], changed: [], expired: [] };
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
    if (b.changed.length === 0 && b.events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(b.changed, b.events);
      } catch (err) {
        this.opts.log.error({ err }, 'a futures position listener failed');
      }
    }
  }

  failed(b: FuturesBatch): Promise<void> {
    return this.restore([...new Set([...b.venues.keys(), ...[...b.created, ...b.updated].map((p) => p.instId)])]);
  }

  private openJob(req: OpenRequest, venue: Venue, answer?: Answer<OpenFuturesResponse>): Promise<OpenFuturesResponse> {
    return this.opts.ledger.transact({ reads: [futuresUsdt(req.userId)], run: this.applyOpen.bind(this, req, venue, answer) });
  }

  private applyOpen(req: OpenRequest, venue: Venue, answer: Answer<OpenFuturesResponse> | undefined, tx: LedgerTx): OpenFuturesResponse {
    if (this.ids.available < 1 || !this.opts.venues.hasTradeIds(venue.maxTradesPerCommand)) throw tx.deferral();
    const buys = req.side === 'long';
    const bid = venue.bestBid();
    const ask = venue.bestAsk();
    let limitTicks: number;
    let boundTicks: number;
    if (req.orderType === 'market') {
      const touch = buys ? ask : bid;
      if (touch === null) throw new AppError(400, futuresMessages.noLiquidity, 'NO_LIQUIDITY');
      limitTicks = buys ? Math.ceil(touch * (1 + MARKET_SLIPPAGE)) : Math.max(1, Math.floor(touch * (1 - MARKET_SLIPPAGE)));
      boundTicks = buys ? limitTicks : touch;
    } else {
      limitTicks = req.priceTicks as number;
      // A short limit below the bid sells at the bid: its margin is sized on the better price.
      boundTicks = buys ? limitTicks : Math.max(limitTicks, bid ?? limitTicks);
    }
    const qty = new Dec(venue.lots.format(req.lots));
    const notional = new Dec(venue.prices.format(boundTicks)).mul(qty);
    const maxLeverage = maxLeverageFor(notional.toNumber());
    if (req.leverage > maxLeverage) throw new AppError(400, futuresMessages.leverageTooHigh(maxLeverage), 'LEVERAGE_TOO_HIGH');
    const need = marginOf(notional, req.leverage).plus(feeOf(notional));
    const account = futuresUsdt(req.userId);
    const available = tx.available(account);
    if (available.lt(need)) {
      throw tx.shortOf(account, new AppError(400, futuresMessages.insufficientMargin(need.toFixed(2), available.toFixed(2)), 'INSUFFICIENT_MARGIN'));
    }
    if (req.orderType !== 'market' && venue.liveOrdersOf(req.userId) >= MAX_LIVE_ORDERS_PER_MARKET) {
      throw new AppError(400, amountLimitMessages.tooManyOrders(MAX_LIVE_ORDERS_PER_MARKET), 'TOO_MANY_ORDERS');
    }
    const seq = this.ids.take();
    const id = String(seq);
    const events = venue.execute(
      req.orderType === 'market'
        ? { type: 'limit', id, owner: req.userId, side: engineSide(req.side, false), price: limitTicks, qty: req.lots, tif: 'IOC' }
        : { type: 'limit', id, owner: req.userId, side: engineSide(req.side, false), price: limitTicks, qty: req.lots },
    );
    const first = events[0];
    if (first?.type === 'rejected') throw new AppError(400, futuresMessages.tradeFailed, 'REJECTED');
    return afterEngine(() => {
      const b = tx.stateOf(this);
      const position: LivePosition = {
        id,
        seq,
        userId: req.userId,
        coin: req.coin,
        instId: venue.instId,
        side: req.side,
        marginMode: req.marginMode,
        orderType: req.orderType,
        leverage: req.leverage,
        orderPrice: req.orderType === 'limit' ? venue.prices.format(limitTicks) : null,
        orderQty: qty,
        filled: ZERO,
        entryCost: ZERO,
        qty: ZERO,
        cost: ZERO,
        margin: ZERO,
        fee: ZERO,
        funding: ZERO,
        realizedPnl: ZERO,
        returned: ZERO,
        takeProfit: req.takeProfit,
        stopLoss: req.stopLoss,
        status: 'pending',
        orderOpen: true,
        closeOrderId: null,
        closePrice: null,
        hold: tx.placeHold(account, need, 'margin', id),
        createdAt: this.opts.now(),
        closedAt: null,
      };
      this.addLive(position);
      this.orders.set(id, { position, action: 'open' });
      b.created.add(position);
      tx.record(positionsInsertWriter, position);
      this.settle(tx, b, venue, events);
      const avg = position.filled.gt(0) ? position.entryCost.div(position.filled) : null;
      const placed: OpenFuturesResponse = {
        success: true,
        message: position.filled.gt(0) ? futuresMessages.opened(req.side) : futuresMessages.orderPlaced(req.side),
        future_id: id,
        status: position.status,
        filled_amount: position.filled.toFixed(),
        entry_price: avg === null ? position.orderPrice : venue.prices.format(venue.prices.ticksOf(avg.toFixed(venue.prices.decimals))),
        margin: position.margin.toFixed(),
        liquidation_price: null,
      };
      if (answer) tx.record(this.opts.idempotency.answers, answer(200, placed));
      return placed;
    });
  }

  private applyClose(userId: string, positionId: string, tx: LedgerTx): ClosePositionResponse {
    const p = this.live.get(positionId);
    if (!p || p.userId !== userId) throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
    if (p.closeOrderId !== null) throw new AppError(409, futuresMessages.cannotClose, 'CLOSING');
    const venue = this.venueOf(p.instId);
    const touch = p.side === 'long' ? venue.bestBid() : venue.bestAsk();
    if (p.filled.gt(0) && touch === null) throw new AppError(409, futuresMessages.cannotClose, 'NO_LIQUIDITY');
    if (this.ids.available < 1 || !this.opts.venues.hasTradeIds(venue.maxTradesPerCommand)) throw tx.deferral();
    const b = tx.stateOf(this);
    if (p.orderOpen) {
      const canceled = venue.execute({ type: 'cancel', id: p.id });
      afterEngine(() => this.settle(tx, b, venue, canceled));
    }
    if (p.qty.gt(0) && touch !== null) {
      const closeId = `c${this.ids.take()}`;
      const price = p.side === 'long' ? Math.max(1, Math.floor(touch * (1 - MARKET_SLIPPAGE))) : Math.ceil(touch * (1 + MARKET_SLIPPAGE));
      this.orders.set(closeId, { position: p, action: 'close' });
      p.closeOrderId = closeId;
      const events = venue.execute({
        type: 'limit',
        id: closeId,
        owner: p.userId,
        side: engineSide(p.side, true),
        price,
        qty: venue.lots.ticksOf(p.qty.toFixed()),
        tif: 'IOC',
      });
      afterEngine(() => this.settle(tx, b, venue, events));
    }
    const done = p.status !== 'active' && p.status !== 'pending';
    return {
      success: done,
      message: p.status === 'canceled' ? futuresMessages.orderCanceled : done ? futuresMessages.closedSuccess : futuresMessages.cannotClose,
      future_id: p.id,
      status: p.status,
      realized_pnl: p.realizedPnl.toFixed(),
      returned: p.returned.toFixed(),
    };
  }

  private applySystem(venue: Venue, commands: readonly Command[], tx: LedgerTx): VenueEvent[] {
    const trading = commands.filter((c) => c.type === 'market' || (c.type !== 'cancel' && c.postOnly !== true)).length;
    if (trading > 0 && !this.opts.venues.hasTradeIds(trading * (venue.maxTradesPerCommand + commands.length))) {
      throw tx.deferral();
    }
    const b = tx.stateOf(this);
    const events: VenueEvent[] = [];
    for (const c of commands) {
      const out = venue.execute(c);
      afterEngine(() => this.settle(tx, b, venue, out));
      events.push(...out);
    }
    return events;
  }

  /**
   * Liquidation: the resting rest of the opening order is cancelled, then the position is closed
   * through the book by an IOC order (liquidationLimitTicks), what is left of its margin going to the
   * insurance fund; what the book did not take is deleveraged at the bankruptcy price.
   */
  private applyLiquidation(positionId: string, mark: Dec, tx: LedgerTx): void {
    const p = this.live.get(positionId);
    if (!p || p.status !== 'active' || p.closeOrderId !== null || p.qty.isZero()) return;
    const venue = this.venueOf(p.instId);
    if (this.ids.available < 1 || !this.opts.venues.hasTradeIds(venue.maxTradesPerCommand)) throw tx.deferral();
    const b = tx.stateOf(this);
    afterEngine(() => {
      if (p.orderOpen) this.settle(tx, b, venue, venue.execute({ type: 'cancel', id: p.id }));
      const wallet = p.marginMode === 'cross' ? tx.available(futuresUsdt(p.userId)) : ZERO;
      const ticks = liquidationLimitTicks(p, mark, tx.available(INSURANCE).plus(wallet), venue);
      if (ticks !== null) {
        const id = `l${this.ids.take()}`;
        this.orders.set(id, { position: p, action: 'liquidation' });
        p.closeOrderId = id;
        const events = venue.execute({ type: 'limit', id, owner: p.userId, side: engineSide(p.side, true), price: ticks, qty: venue.lots.ticksOf(p.qty.toFixed()), tif: 'IOC' });
        this.settle(tx, b, venue, events);
      }
      if (p.qty.gt(0)) this.deleverage(tx, b, venue, p);
      if (p.status === 'liquidated') {
        b.events.push({ userId: p.userId, positionId: p.id, kind: 'liquidated', message: futuresMessages.liquidated(p.instId, p.closePrice ?? mark.toFixed()) });
      }
    });
  }

  /**
   * Auto-deleveraging: what is left of a liquidated position is closed at its bankruptcy price
   * against the opposite positions ranked by profit and leverage (adl.ts); each is told.
   */
  private deleverage(tx: LedgerTx, b: FuturesBatch, venue: Venue, p: LivePosition): void {
    const s = sign(p.side);
    // Rounded on the grid toward the user: what is left of the margin is never negative.
    const exact = p.cost.minus(p.margin.mul(s)).div(p.qty);
    const bpTicks = Math.max(1, s > 0 ? Math.ceil(exact.div(venue.prices.tickSize).toNumber()) : Math.floor(exact.div(venue.prices.tickSize).toNumber()));
    const bp = new Dec(venue.prices.format(bpTicks));
    const candidates: AdlCandidate[] = [];
    for (const o of this.contractPositions(p.instId)) {
      if (o.side === p.side || o.qty.isZero() || o.status !== 'active') continue;
      candidates.push({ kind: 'user', position: o, pnl: bp.mul(o.qty).minus(o.cost).mul(sign(o.side)), margin: o.margin, leverage: o.leverage });
    }
    for (const row of this.system.get(p.instId)?.values() ?? []) {
      if (row.net.qty.isZero() || row.net.qty.gt(0) === (p.side === 'long')) continue;
      const qty = row.net.qty.abs();
      candidates.push({ kind: 'system', row, pnl: bp.mul(qty).minus(row.net.cost).mul(row.net.qty.gt(0) ? 1 : -1), margin: row.net.cost, leverage: 1 });
    }
    const legs = new Legs();
    const ts = this.opts.nowMs();
    for (const c of rankDeleverage(candidates)) {
      if (p.qty.isZero()) break;
      const q = Dec.min(p.qty, c.kind === 'user' ? c.position.qty : c.row.net.qty.abs());
      const mine = closeFill(legs, p.userId, p.hold, p, bp, q, { liquidation: true, chargeFee: false });
      this.afterReduce(tx, b, p, mine.pnl, mine.fee, mine.returned, bp, 'liquidated');
      tx.record(futuresFillsWriter, { tradeId: null, positionId: p.id, userId: p.userId, instId: p.instId, action: 'adl', price: bp.toFixed(), qty: q.toFixed(), fee: '0', pnl: mine.pnl.toFixed(), ts });
      if (c.kind === 'user') {
        const o = c.position;
        const theirs = closeFill(legs, o.userId, o.hold, o, bp, q, { liquidation: false, chargeFee: false });
        this.afterReduce(tx, b, o, theirs.pnl, theirs.fee, theirs.returned, bp, 'closed');
        tx.record(futuresFillsWriter, { tradeId: null, positionId: o.id, userId: o.userId, instId: o.instId, action: 'adl', price: bp.toFixed(), qty: q.toFixed(), fee: '0', pnl: theirs.pnl.toFixed(), ts });
        b.events.push({ userId: o.userId, positionId: o.id, kind: 'deleveraged', message: futuresMessages.deleveraged(o.instId, bp.toFixed()) });
      } else {
        systemFill(legs, c.row.owner, c.row.net, p.side === 'long', bp, q);
        this.systemChanged(tx, b, c.row);
      }
    }
    if (legs.list.length >= 2) tx.post({ kind: 'futures_adl', userId: p.userId, ref: p.id, legs: legs.list });
  }

  private applyDelivery(instId: string, price: Dec, tx: LedgerTx): void {
    const venue = this.venueOf(instId);
    const b = tx.stateOf(this);
    const at = new Dec(venue.prices.format(venue.prices.ticksOf(price.toFixed(venue.prices.decimals + 2))));
    afterEngine(() => {
      const snap = venue.snapshot();
      for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) this.settle(tx, b, venue, venue.execute({ type: 'cancel', id: o.id }));
      const legs = new Legs();
      const ts = this.opts.nowMs();
      for (const p of [...this.contractPositions(instId)]) {
        if (p.qty.isZero()) continue;
        const qty = p.qty;
        const r = closeFill(legs, p.userId, p.hold, p, at, qty, { liquidation: false, chargeFee: false });
        this.afterReduce(tx, b, p, r.pnl, r.fee, r.returned, at, 'closed');
        tx.record(futuresFillsWriter, { tradeId: null, positionId: p.id, userId: p.userId, instId, action: 'delivery', price: at.toFixed(), qty: qty.toFixed(), fee: '0', pnl: r.pnl.toFixed(), ts });
      }
      for (const row of this.system.get(instId)?.values() ?? []) {
        if (row.net.qty.isZero()) continue;
        systemFill(legs, row.owner, row.net, row.net.qty.lt(0), at, row.net.qty.abs());
        this.systemChanged(tx, b, row);
      }
      if (legs.list.length >= 2) tx.post({ kind: 'futures_delivery', userId: null, ref: instId, legs: legs.list });
      tx.record(contractSettledWriter, { instId, price: at.toFixed(), at: this.opts.now() });
      b.expired.push(instId);
    });
  }

  private applyFunding(instId: string, fundingTime: number, rate: Dec, mark: Dec, tx: LedgerTx): void {
    const b = tx.stateOf(this);
    const legs = new Legs();
    for (const p of this.contractPositions(instId)) {
      if (p.qty.isZero()) continue;
      const owed = mark.mul(p.qty).mul(rate).mul(sign(p.side));
      if (owed.gt(0)) {
        const paid = Dec.min(owed.toDecimalPlaces(18, Dec.ROUND_UP), p.margin);
        if (paid.isZero()) continue;
        legs.add(futuresUsdt(p.userId), paid.neg(), p.hold);
        legs.add(FUNDING_POOL, paid);
        p.margin = p.margin.minus(paid);
        p.funding = p.funding.plus(paid);
      } else {
        const got = owed.neg().toDecimalPlaces(18, Dec.ROUND_DOWN);
        if (got.isZero()) continue;
        legs.add(FUNDING_POOL, got.neg());
        legs.add(futuresUsdt(p.userId), got);
        p.funding = p.funding.minus(got);
      }
      this.positionChanged(tx, b, p);
    }
    for (const row of this.system.get(instId)?.values() ?? []) {
      if (row.net.qty.isZero()) continue;
      const owed = money(mark.mul(row.net.qty).mul(rate));
      legs.add(futuresUsdt(row.owner), owed.neg());
      legs.add(FUNDING_POOL, owed);
    }
    tx.record(fundingWriter, { instId, fundingTime, rate: rate.toFixed(), mark: mark.toFixed() });
    if (legs.list.length >= 2) tx.post({ kind: 'futures_funding', userId: null, ref: `${instId}@${fundingTime}`, legs: legs.list });
  }

  /** Books what the engine did on a contract. */
  private settle(tx: LedgerTx, b: FuturesBatch, venue: Venue, events: readonly VenueEvent[]): void {
    let list = b.venues.get(venue.instId);
    if (!list) {
      list = [];
      b.venues.set(venue.instId, list);
    }
    for (const e of events) {
      list.push(e);
      if (e.type === 'fill') this.settleFill(tx, b, venue, e);
      else if (e.type === 'done') this.orderDone(tx, b, e.orderId);
    }
  }

  private settleFill(tx: LedgerTx, b: FuturesBatch, venue: Venue, e: VenueFill): void {
    const { trade } = e;
    tx.record(tradesWriter, trade);
    const price = new Dec(trade.price);
    const qty = new Dec(trade.qty);
    const legs = new Legs();
    let userId: string | null = null;
    for (const [role, owner, orderId] of [
      ['maker', e.makerOwner, e.makerOrderId],
      ['taker', e.takerOwner, e.takerOrderId],
    ] as const) {
      const buys = (role === 'taker') === (trade.takerSide === 'buy');
      if (isSystemOwner(owner)) {
        const row = this.systemRow(venue.instId, owner);
        systemFill(legs, owner, row.net, buys, price, qty);
        this.systemChanged(tx, b, row);
        continue;
      }
      const ref = this.orders.get(orderId);
      if (!ref) continue;
      const p = ref.position;
      userId ??= p.userId;
      if (ref.action === 'open') {
        const fee = openFill(legs, p.userId, p.hold, price, qty, true);
        p.filled = p.filled.plus(qty);
        p.entryCost = p.entryCost.plus(price.mul(qty));
        p.qty = p.qty.plus(qty);
        p.cost = p.cost.plus(price.mul(qty));
        p.margin = p.margin.plus(fillMargin(price.mul(qty), p.leverage));
        p.fee = p.fee.plus(fee);
        p.status = 'active';
        this.positionChanged(tx, b, p);
        tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, userId: p.userId, instId: p.instId, action: 'open', price: trade.price, qty: trade.qty, fee: fee.toFixed(), pnl: '0', ts: trade.ts });
      } else {
        const walletCover = p.marginMode === 'cross' ? tx.available(futuresUsdt(p.userId)) : undefined;
        const r = closeFill(legs, p.userId, p.hold, p, price, qty, { liquidation: ref.action === 'liquidation', chargeFee: true, walletCover });
        this.afterReduce(tx, b, p, r.pnl, r.fee, r.returned, price, ref.action === 'liquidation' ? 'liquidated' : 'closed');
        tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, userId: p.userId, instId: p.instId, action: ref.action, price: trade.price, qty: trade.qty, fee: r.fee.toFixed(), pnl: r.pnl.toFixed(), ts: trade.ts });
      }
    }
    if (legs.list.length >= 2) tx.post({ kind: 'futures_fill', userId, ref: String(trade.id), legs: legs.list });
  }

  private afterReduce(tx: LedgerTx, b: FuturesBatch, p: LivePosition, pnl: Dec, fee: Dec, returned: Dec, price: Dec, endStatus: 'closed' | 'liquidated'): void {
    p.realizedPnl = p.realizedPnl.plus(pnl);
    p.fee = p.fee.plus(fee);
    p.returned = p.returned.plus(returned);
    p.closePrice = price.toFixed();
    if (p.qty.isZero() && !p.orderOpen) this.finish(p, endStatus);
    this.positionChanged(tx, b, p);
  }

  private finish(p: LivePosition, status: 'closed' | 'liquidated' | 'canceled'): void {
    p.status = status;
    p.closedAt = this.opts.now();
    this.removeLive(p);
  }

  /** An order left the book: an opening order gives back what it reserved beyond the margin of what filled. */
  private orderDone(tx: LedgerTx, b: FuturesBatch, orderId: string): void {
    const ref = this.orders.get(orderId);
    if (!ref) return;
    this.orders.delete(orderId);
    const p = ref.position;
    if (ref.action !== 'open') {
      p.closeOrderId = null;
      return;
    }
    p.orderOpen = false;
    if (p.filled.isZero()) {
      tx.release(p.hold);
      this.finish(p, 'canceled');
    } else {
      const excess = p.hold.left.minus(p.margin);
      if (excess.gt(0)) {
        const account = futuresUsdt(p.userId);
        tx.post({ kind: 'futures_margin_release', userId: p.userId, ref: p.id, legs: [{ account, amount: excess.neg(), hold: p.hold }, { account, amount: excess }] });
      }
      if (p.qty.isZero()) this.finish(p, 'closed');
    }
    this.positionChanged(tx, b, p);
  }

  private contractPositions(instId: string): ReadonlySet<LivePosition> {
    return this.byContract.get(instId) ?? EMPTY;
  }

  private addLive(p: LivePosition): void {
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

  private removeLive(p: LivePosition): void {
    this.live.delete(p.id);
    this.byContract.get(p.instId)?.delete(p);
    this.cross.delete(p);
    this.triggers.delete(p);
  }

  private positionChanged(tx: LedgerTx, b: FuturesBatch, p: LivePosition): void {
    if (b.created.has(p) || b.updated.has(p)) return;
    b.updated.add(p);
    tx.record(positionsUpdateWriter, p);
  }

  private systemChanged(tx: LedgerTx, b: FuturesBatch, row: SystemPositionRow): void {
    if (b.system.has(row)) return;
    b.system.add(row);
    tx.record(systemPositionsWriter, row);
  }

  private systemRow(instId: string, owner: string): SystemPositionRow {
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

  private venueOf(instId: string): Venue {
    const v = this.opts.venues.get(instId);
    if (!v || v.kind === 'spot') throw new AppError(400, futuresMessages.unknownContract, 'UNKNOWN_CONTRACT');
    if (this.expired.has(v.instId)) throw new AppError(400, futuresMessages.contractExpired, 'CONTRACT_EXPIRED');
    return v;
  }

  /**
   * Rebuilds these contracts from the database: open positions (their resting opening orders back
   * on the book in placement order) and the simulated market's net positions. Its quotes are gone;
   * the bus says so and the maker quotes again.
   */
  private async restore(instIds: readonly string[]): Promise<void> {
    if (instIds.length === 0) return;
    const wanted = new Set(instIds);
    const venues = instIds.map((id) => this.venueOf(id));
    const [open, system] = await Promise.all([loadOpenPositions(this.opts.db, instIds), loadSystemPositions(this.opts.db, instIds)]);
    for (const p of [...this.live.values()]) if (wanted.has(p.instId)) this.removeLive(p);
    for (const [id, ref] of this.orders) if (wanted.has(ref.position.instId)) this.orders.delete(id);
    for (const id of instIds) this.system.delete(id);
    for (const row of system) this.systemRow(row.instId, row.owner).net = row.net;
    for (const v of venues) {
      const mine = open.filter((p) => p.instId === v.instId);
      v.restore(
        mine
          .filter((p) => p.orderOpen)
          .map((p) => ({
            id: p.id,
            owner: p.userId,
            side: engineSide(p.side, false),
            price: v.prices.ticksOf(p.orderPrice ?? '0'),
            qty: v.lots.ticksOf(p.orderQty.minus(p.filled).toFixed()),
            stopPrice: null,
          })),
      );
      for (const p of mine) {
        this.addLive(p);
        if (p.orderOpen) this.orders.set(p.id, { position: p, action: 'open' });
      }
      this.opts.bus.publish({ type: 'reset', instId: v.instId });
    }
    for (const listener of this.listeners) listener(open, []);
  }
}

/**
 * The limit of a liquidation order: MARKET_SLIPPAGE through the mark, but never further than the
 * price at which the margin and `cover` (the insurance fund, and for cross margin the rest of the
 * wallet) together still pay the loss and fee (with nothing to cover, the bankruptcy price), so the
 * fund is never asked for more than it has. Null when even the touch is past that price: nothing
 * goes through the book.
 */
export function liquidationLimitTicks(p: LivePosition, mark: Dec, cover: Dec, venue: Venue): number | null {
  const long = p.side === 'long';
  const tick = new Dec(venue.prices.tickSize);
  const band = mark.mul(long ? 1 - MARKET_SLIPPAGE : 1 + MARKET_SLIPPAGE);
  // The fee is bounded by its value at the band's far side (at most the mark plus the slippage).
  const feeBound = feeOf(mark.mul(1 + MARKET_SLIPPAGE).mul(p.qty));
  const paid = p.margin.plus(Dec.max(cover, ZERO)).minus(feeBound);
  const covered = long ? p.cost.minus(paid).div(p.qty) : p.cost.plus(paid).div(p.qty);
  const limit = long ? Dec.max(band, covered) : Dec.min(band, covered);
  const ticks = long ? limit.div(tick).ceil().toNumber() : limit.div(tick).floor().toNumber();
  if (ticks < 1) return long ? 1 : null;
  const touch = long ? venue.bestBid() : venue.bestAsk();
  if (touch === null || (long ? touch < ticks : touch > ticks)) return null;
  return ticks;
}

async function writeFailed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof LedgerWriteFailed) throw new AppError(500, futuresMessages.tradeFailed, 'FUTURES_BATCH_FAILED');
    throw err;
  }
}

