import type { FastifyBaseLogger } from 'fastify';
import { spotMessages, type CancelOrderResponse, type PlaceOrderResponse } from '@exchange/contract';
import type { Command } from '@exchange/engine';
import type { Database } from '../../db/database.js';
import { IdRange } from '../../db/id-range.js';
import { AppError } from '../../errors.js';
import type { Answer, Idempotency } from '../../ledger/idempotency.js';
import { LedgerWriteFailed, type CycleParticipant, type Ledger, type LedgerTx } from '../../ledger/ledger.js';
import { accountRef, type AccountRef } from '../../ledger/postings.js';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueBus } from '../../venue/bus.js';
import type { MarketHalts } from '../../venue/market-halts.js';
import type { UserOrderState, VenueEvent } from '../../venue/events.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import { bookEvents, changesOf, type SpotBatch } from './fill-booking.js';
import { SPOT_FEE, type FeeRateOf, type SpotFees } from './settlement.js';
import { loadOpenOrders } from './order-store.js';
import { LiveOrders } from './live-orders.js';
import { decidePlace, duplicateClientOrderId, insufficient, placeCommand, rejection, tooManyOrders, type Funds } from './pre-trade.js';
import { ordersInsertWriter } from './records.js';
import type { CancelRequest, LiveOrder, PlaceRequest } from './types.js';
import { MAX_LIVE_ORDERS_PER_MARKET } from '@exchange/contract';

/** Order ids are taken one block at a time from `spot_order_ids` (its INCREMENT, spot/migrations.ts). */
export const ORDER_ID_BLOCK = 10_000;
/** Ids kept ready before each batch: a batch takes at most this many user orders. */
const ORDER_IDS_PER_BATCH = 500;

export interface SpotOptions {
  db: Database;
  ledger: Ledger;
  venues: Venues;
  bus: VenueBus;
  idempotency: Idempotency;
  log: FastifyBaseLogger;
  now: () => Date;
  halts: Pick<MarketHalts, 'assertOpen'>;
  /** The spot rates of the users' fee tiers (fee-tier/schedule.ts); 0.1 % for every fill without it. */
  fees?: SpotFees;
}

/** Thrown after the engine ran: the batch can only fail whole (and the venue is rebuilt), never refuse one job. */
class AfterEngine extends Error {}

function afterEngine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new AfterEngine(`settling after the engine ran failed: ${String(err)}`, { cause: err });
  }
}

/** Shared by every new order: decimal.js values are immutable, and three allocations per order showed in profiles. */
const ZERO = new Dec(0);

const spot = (owner: string, asset: string): AccountRef => accountRef(owner, asset, 'spot');

/** A market maker's quote and a cancel never take liquidity; anything else may trade with the whole book. */
const mayTrade = (c: Command): boolean => c.type === 'market' || (c.type !== 'cancel' && c.postOnly !== true);

function snapshot(o: LiveOrder): UserOrderState {
  return {
    id: o.id,
    userId: o.userId,
    // The catalogue's coin carries prices and supply too: only these cross NATS with every order.
    coin: { pair_id: o.coin.pair_id, name: o.coin.name, symbol: o.coin.symbol },
    createdAt: o.createdAt,
    side: o.side,
    execType: o.execType,
    price: o.price,
    stopPrice: o.stopPrice,
    amount: o.amount,
    filled: o.filled,
    filledQuote: o.filledQuote,
    fee: o.fee,
    feeAsset: o.feeAsset,
    status: o.status,
    clOrdId: o.clOrdId,
    tag: o.tag,
  };
}

/**
 * Spot orders: pre-trade checks and holds, the venue's match, settlement, and the ledger's batched
 * write, in one ledger job per request. Its in-memory state (the live orders and the venues' books)
 * follows what the ledger commits: a batch that does not commit rebuilds the venues it touched
 * from the database. The simulated market's orders come in through `submitSystem`, so every engine
 * event is settled by the job whose command caused it.
 */
export class SpotOrders implements CycleParticipant<SpotBatch> {
  private readonly live = new LiveOrders();
  private readonly orderIds: IdRange;
  private readonly feeRate: FeeRateOf;

  private constructor(private readonly opts: SpotOptions) {
    this.orderIds = new IdRange(opts.db, 'spot_order_ids', ORDER_ID_BLOCK);
    const fees = opts.fees;
    this.feeRate = fees ? (userId, role) => fees.rate(userId, role) : () => SPOT_FEE;
    opts.ledger.participate(this);
  }

  /** Puts the database's open orders back on the venues. */
  static async open(opts: SpotOptions): Promise<SpotOrders> {
    const service = new SpotOrders(opts);
    await service.restore(opts.venues.spot().map((v) => v.instId));
    return service;
  }

  async place(req: PlaceRequest): Promise<{ answer: PlaceOrderResponse; replayed: boolean }> {
    const venue = this.venueOf(req.instId);
    this.opts.halts.assertOpen(venue.instId);
    // Settlement reads the user's tier inside the batch, where nothing can wait for the database.
    await this.opts.fees?.learn(req.userId);
    // Fenced: a placed order's answer is written with its venue command, so with the lease's epoch.
    return this.opts.idempotency.answer<PlaceOrderResponse>(req.userId, req.idempotency, 200, (answer) => placeFailed(this.placeJob(req, venue, answer)), {
      fenced: true,
    });
  }

  /** Whether an order would be refused now for a full ledger queue: a caller with many orders refuses them all at once. */
  busy(): boolean {
    return this.opts.ledger.full();
  }

  cancel(req: CancelRequest): Promise<CancelOrderResponse> {
    return placeFailed(this.opts.ledger.transact({ run: this.applyCancel.bind(this, req, this.venueOf(req.instId)) }));
  }

  /**
   * Commands of the simulated market (quotes, cancels, crossing orders), run in the next batch like
   * users' orders, without holds: its accounts have unlimited inventory. Resolves with their events
   * once committed.
   */
  submitSystem(instId: string, commands: readonly Command[]): Promise<VenueEvent[]> {
    return this.opts.ledger.transact({ run: this.applySystem.bind(this, this.venueOf(instId), commands), system: true });
  }

  /** Resolves once every request so far is answered. */
  idle(): Promise<void> {
    return this.opts.ledger.idle();
  }

  async beforeBatch(): Promise<void> {
    await this.orderIds.reserve(ORDER_IDS_PER_BATCH);
    await this.opts.venues.reserveTradeIds();
  }

  begin(): SpotBatch {
    return { venues: new Map(), created: new Set(), updated: new Set(), messages: [], feeRate: this.feeRate };
  }

  /** The orders are copied now: the next batch may change them before this one's messages go out. */
  seal(b: SpotBatch): void {
    for (const [instId, ch] of b.venues) {
      if (ch.events.length === 0) continue;
      b.messages.push({ type: 'committed', instId, events: ch.events, orders: [...ch.orders].map(snapshot), fills: ch.fills });
    }
  }

  committed(b: SpotBatch): void {
    for (const m of b.messages) this.opts.bus.publish(m);
  }

  failed(b: SpotBatch): Promise<void> {
    return this.restore([...b.venues.keys()]);
  }

  /*
   * A job's `run` is a bound method, not an arrow function: the server runs under tsx, whose esbuild
   * keeps function names by wrapping every named arrow in a call that defines its `name`, each time
   * it is created; per order that showed in profiles.
   */
  private placeJob(req: PlaceRequest, venue: Venue, answer?: Answer<PlaceOrderResponse>): Promise<PlaceOrderResponse> {
    return this.opts.ledger.transact({
      reads: [spot(req.userId, QUOTE_ASSET), spot(req.userId, req.coin.symbol)],
      run: this.applyPlace.bind(this, req, venue, answer),
      chain: req.chain,
    });
  }

  private applySystem(venue: Venue, commands: readonly Command[], tx: LedgerTx): VenueEvent[] {
    const trading = commands.filter(mayTrade).length;
    if (trading > 0 && !this.opts.venues.hasTradeIds(trading * (venue.maxTradesPerCommand + commands.length))) {
      throw tx.deferral();
    }
    const b = tx.stateOf(this);
    const events: VenueEvent[] = [];
    for (const c of commands) {
      const out = venue.execute(c);
      afterEngine(() => bookEvents(this.live, tx, b, venue, out));
      events.push(...out);
    }
    return events;
  }

  private applyPlace(req: PlaceRequest, venue: Venue, answer: Answer<PlaceOrderResponse> | undefined, tx: LedgerTx): PlaceOrderResponse {
    if (this.orderIds.available < 1 || !this.opts.venues.hasTradeIds(venue.maxTradesPerCommand)) throw tx.deferral();
    if (req.tif === 'GTC' && venue.liveOrdersOf(req.userId) >= MAX_LIVE_ORDERS_PER_MARKET) throw tooManyOrders();
    if (req.clOrdId !== '' && this.live.withClientId(req.userId, req.clOrdId)) throw duplicateClientOrderId();
    const decision = decidePlace(
      req,
      {
        bestBid: venue.bestBid(),
        bestAsk: venue.bestAsk(),
        prices: venue.prices,
        lots: venue.lots,
        tickSize: venue.coin.tick_size,
        lotSize: venue.coin.lot_size,
      },
      this.fundsOf(tx, req.userId),
    );
    const seq = this.orderIds.take();
    const id = String(seq);
    const events = venue.execute(placeCommand(id, req, decision));
    const first = events[0];
    if (first?.type === 'rejected') throw rejection(first.reason);
    return afterEngine(() => {
      const b = tx.stateOf(this);
      const order: LiveOrder = {
        id,
        seq,
        userId: req.userId,
        coin: req.coin,
        instId: venue.instId,
        side: req.side,
        execType: req.execType,
        tif: req.tif,
        price: req.execType === 'market' ? null : venue.prices.format(decision.price as number),
        stopPrice: req.stopTicks === null ? null : venue.prices.format(req.stopTicks),
        amount: venue.lots.format(req.lots),
        budget: decision.budget === null ? null : decision.hold.toFixed(),
        filled: ZERO,
        filledQuote: ZERO,
        fee: ZERO,
        feeAsset: req.side === 'buy' ? req.coin.symbol : QUOTE_ASSET,
        hold: tx.placeHold(spot(req.userId, decision.holdAsset), decision.hold, 'order', id),
        status: 'pending',
        open: true,
        triggered: false,
        createdAt: this.opts.now(),
        clOrdId: req.clOrdId,
        tag: req.tag,
      };
      this.live.set(id, order);
      b.created.add(order);
      tx.record(ordersInsertWriter, order);
      changesOf(b, venue.instId).orders.add(order);
      bookEvents(this.live, tx, b, venue, events);
      const placed: PlaceOrderResponse = {
        success: true,
        order_id: id,
        message: spotMessages.placed(req.side),
        status: order.status,
        filled_amount: order.filled.toFixed(),
        average_price: order.filled.gt(0) ? order.filledQuote.div(order.filled).toDecimalPlaces(18).toFixed() : null,
        total: order.filledQuote.toFixed(),
        fee: order.fee.toFixed(),
        fee_asset: order.feeAsset,
      };
      if (answer) tx.record(this.opts.idempotency.answers, answer(200, placed));
      return placed;
    });
  }

  private applyCancel(req: CancelRequest, venue: Venue, tx: LedgerTx): CancelOrderResponse {
    const o = this.live.get(req.orderId);
    if (!o || o.userId !== req.userId) throw new AppError(400, spotMessages.notCancelable, 'NOT_CANCELABLE');
    const events = venue.execute({ type: 'cancel', id: o.id });
    return afterEngine(() => {
      bookEvents(this.live, tx, tx.stateOf(this), venue, events);
      return { success: true, message: spotMessages.canceled, order_id: o.id, status: o.status };
    });
  }

  private fundsOf(tx: LedgerTx, userId: string): Funds {
    return {
      available(asset) {
        return tx.available(spot(userId, asset));
      },
      fresh(asset) {
        return tx.isFresh(spot(userId, asset));
      },
      shortOf(asset) {
        return tx.shortOf(spot(userId, asset), insufficient());
      },
    };
  }

  private venueOf(instId: string): Venue {
    const v = this.opts.venues.get(instId);
    if (!v) throw new AppError(400, spotMessages.unknownCoin, 'UNKNOWN_COIN');
    return v;
  }

  /**
   * Rebuilds these venues from the database's open orders, oldest first (at start, and after a
   * batch that did not commit, which undoes the engine's part of it). Their other orders (the
   * market maker's quotes) are dropped; the bus says so, and the maker quotes again.
   */
  private async restore(instIds: readonly string[]): Promise<void> {
    if (instIds.length === 0) return;
    const venues = instIds.map((id) => this.venueOf(id));
    const open = await loadOpenOrders(
      this.opts.db,
      venues.map((v) => v.coin.symbol),
    );
    const wanted = new Set(instIds);
    for (const [id, o] of this.live) if (wanted.has(o.instId)) this.live.delete(id);
    for (const v of venues) {
      const mine = open.filter((o) => o.instId === v.instId);
      v.restore(
        mine.map((o) => ({
          id: o.id,
          owner: o.userId,
          side: o.side,
          price: v.prices.ticksOf(o.price ?? '0'),
          qty: v.lots.ticksOf(new Dec(o.amount).minus(o.filled).toFixed()),
          stopPrice: o.execType === 'stop-limit' && !o.triggered ? v.prices.ticksOf(o.stopPrice ?? '0') : null,
        })),
      );
      for (const o of mine) this.live.set(o.id, o);
      this.opts.bus.publish({ type: 'reset', instId: v.instId });
    }
  }
}

/** A batch that did not commit answers the spec's order failure. */
async function placeFailed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof LedgerWriteFailed) throw new AppError(500, spotMessages.placeFailed, 'ORDER_BATCH_FAILED');
    throw err;
  }
}
