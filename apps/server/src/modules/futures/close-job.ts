import { futuresMessages, type ClosePositionResponse, type FuturesOrderType } from '@exchange/contract';
import type { Command } from '@exchange/engine';
import { AppError } from '../../errors.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueEvent } from '../../venue/events.js';
import type { Venue } from '../../venue/venue.js';
import { afterEngine, engineSide, hasIds, type Desk, type FuturesBatch } from './desk.js';
import { bookEvents, cancelResting } from './fill-booking.js';
import { closeLimitTicks } from './order-prices.js';
import { ordersInsertWriter } from './records.js';
import type { LiveOrder, LivePosition } from './types.js';

const ZERO = new Dec(0);

/**
 * What a reduce-only order asks: `lots` of the position, at market (priceTicks null) or at a limit;
 * with a take-profit or stop-loss for what of the position its first fill leaves open.
 */
export interface ReduceRequest {
  lots: number;
  orderType: FuturesOrderType;
  priceTicks: number | null;
  takeProfit?: string | null;
  stopLoss?: string | null;
}

/**
 * A close order's take-profit and stop-loss are for what of the position it leaves, so each must be
 * on its side of the position's average entry (an opening order's are checked against its limit).
 */
function checkAttachedTriggers(p: LivePosition, takeProfit: string | null, stopLoss: string | null): void {
  const entry = p.cost.div(p.qty);
  const long = p.side === 'long';
  if (takeProfit !== null && (long ? new Dec(takeProfit).lte(entry) : new Dec(takeProfit).gte(entry))) {
    throw new AppError(400, futuresMessages.takeProfitSide, 'VALIDATION');
  }
  if (stopLoss !== null && (long ? new Dec(stopLoss).gte(entry) : new Dec(stopLoss).lte(entry))) {
    throw new AppError(400, futuresMessages.stopLossSide, 'VALIDATION');
  }
}

/**
 * Places a reduce-only order on a position: an IOC `MARKET_SLIPPAGE` through the touch at market, or
 * a limit order that rests. Its fills close part of the position at the position's average entry.
 */
export function placeReduceOnly(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, p: LivePosition, req: ReduceRequest): LiveOrder {
  const qty = new Dec(venue.lots.format(req.lots));
  const free = p.qty.minus(desk.book.reservedToReduce(p));
  if (req.lots <= 0 || qty.gt(free)) throw new AppError(400, futuresMessages.reduceOnlyTooLarge(free.toFixed()), 'REDUCE_ONLY_TOO_LARGE');
  const takeProfit = req.takeProfit ?? null;
  const stopLoss = req.stopLoss ?? null;
  checkAttachedTriggers(p, takeProfit, stopLoss);
  let priceTicks = req.priceTicks;
  if (priceTicks === null) {
    const touch = p.side === 'long' ? venue.bestBid() : venue.bestAsk();
    if (touch === null) throw new AppError(409, futuresMessages.cannotClose, 'NO_LIQUIDITY');
    priceTicks = closeLimitTicks(p.side, touch);
  }
  const seq = desk.ids.take();
  const order: LiveOrder = {
    id: String(seq),
    seq,
    userId: p.userId,
    coin: p.coin,
    instId: p.instId,
    side: p.side,
    marginMode: p.marginMode,
    orderType: req.orderType,
    leverage: p.leverage,
    reduceOnly: true,
    positionId: p.id,
    orderPrice: req.orderType === 'limit' ? venue.prices.format(priceTicks) : null,
    orderQty: qty,
    filled: ZERO,
    entryCost: ZERO,
    fee: ZERO,
    realizedPnl: ZERO,
    takeProfit,
    stopLoss,
    status: 'pending',
    orderOpen: true,
    hold: null,
    feeReserve: null,
    createdAt: desk.opts.now(),
    closedAt: null,
  };
  desk.book.setOrder(order.id, { action: 'close', order, position: p });
  if (req.orderType === 'market') p.closeOrderId = order.id;
  b.createdOrders.add(order);
  tx.record(ordersInsertWriter, order);
  const side = engineSide(p.side, true);
  const events = venue.execute(
    req.orderType === 'market'
      ? { type: 'limit', id: order.id, owner: p.userId, side, price: priceTicks, qty: req.lots, tif: 'IOC' }
      : { type: 'limit', id: order.id, owner: p.userId, side, price: priceTicks, qty: req.lots },
  );
  afterEngine(() => bookEvents(desk, tx, b, venue, events));
  return order;
}

/**
 * PUT /close-position: a position's id closes all of it at market; a resting order's id cancels it
 * (what it reserved comes back; what it filled stays in its position); the id of an order that no
 * longer rests closes at market the position it filled into (what a client of spec 2 alone, which
 * knows orders only, means by closing one).
 */
/** `byUser` false: the risk monitor's take-profit or stop-loss, which an administrator's halt does not stop. */
export function applyClose(desk: Desk, userId: string, id: string, filledInto: string | null, byUser: boolean, tx: LedgerTx): ClosePositionResponse {
  const order = desk.book.restingOrder(id);
  const p = desk.book.get(id) ?? (order || filledInto === null ? undefined : desk.book.get(filledInto));
  const target = order ?? p;
  if (!target || target.userId !== userId) throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
  const venue = desk.venueOf(target.instId);
  if (!hasIds(desk, venue)) throw tx.deferral();
  const b = desk.batchOf(tx);
  if (order) {
    afterEngine(() => bookEvents(desk, tx, b, venue, venue.execute({ type: 'cancel', id: order.id })));
    return { success: true, message: futuresMessages.orderCanceled, future_id: id, status: order.status, realized_pnl: order.realizedPnl.toFixed(), returned: '0' };
  }
  if (byUser) desk.opts.halts.assertOpen(venue.instId);
  return closeWhole(desk, tx, b, venue, p as LivePosition, id);
}

/** Closes all of a position at market, its resting reduce-only orders cancelled first. */
function closeWhole(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, p: LivePosition, id: string): ClosePositionResponse {
  if (p.closeOrderId !== null) throw new AppError(409, futuresMessages.cannotClose, 'CLOSING');
  for (const o of desk.book.restingOf(p)) {
    if (o.reduceOnly) afterEngine(() => cancelResting(desk, tx, b, venue, o.id));
  }
  const returnedBefore = p.returned;
  const o = placeReduceOnly(desk, tx, b, venue, p, { lots: venue.lots.ticksOf(p.qty.toFixed()), orderType: 'market', priceTicks: null });
  const done = p.status !== 'active';
  return {
    success: done,
    message: done ? futuresMessages.closedSuccess : futuresMessages.cannotClose,
    future_id: id,
    status: p.status,
    realized_pnl: o.realizedPnl.toFixed(),
    returned: p.returned.minus(returnedBefore).toFixed(),
  };
}

/**
 * POST /futures with position_action=close: a reduce-only order on a position, at market or at a
 * limit; without a request, what of it no resting reduce-only order covers, at market.
 */
export function applyReduce(desk: Desk, userId: string, positionId: string, req: ReduceRequest | null, tx: LedgerTx): LiveOrder {
  const p = desk.book.get(positionId);
  if (!p || p.userId !== userId) throw new AppError(400, futuresMessages.nothingToClose, 'NOTHING_TO_CLOSE');
  const venue = desk.venueOf(p.instId);
  desk.opts.halts.assertOpen(venue.instId);
  if (!hasIds(desk, venue)) throw tx.deferral();
  const b = desk.batchOf(tx);
  // Larger than what is free, it closes what there is (as Binance's and OKX's reduce-only orders do).
  const free = venue.lots.ticksOf(p.qty.minus(desk.book.reservedToReduce(p)).toFixed());
  const asked = req ?? { lots: free, orderType: 'market' as const, priceTicks: null };
  return placeReduceOnly(desk, tx, b, venue, p, { ...asked, lots: Math.min(asked.lots, free) });
}

/** The simulated market's orders on a contract, booked like any user's. */
export function applySystem(desk: Desk, venue: Venue, commands: readonly Command[], tx: LedgerTx): VenueEvent[] {
  const trading = commands.filter((c) => c.type === 'market' || (c.type !== 'cancel' && c.postOnly !== true)).length;
  if (trading > 0 && !desk.opts.venues.hasTradeIds(trading * (venue.maxTradesPerCommand + commands.length))) {
    throw tx.deferral();
  }
  const b = desk.batchOf(tx);
  const events: VenueEvent[] = [];
  for (const c of commands) {
    const out = venue.execute(c);
    afterEngine(() => bookEvents(desk, tx, b, venue, out));
    events.push(...out);
  }
  return events;
}
