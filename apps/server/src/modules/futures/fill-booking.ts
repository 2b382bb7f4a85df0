import type { LedgerTx } from '../../ledger/ledger.js';
import { isSystemOwner } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueEvent, VenueFill } from '../../venue/events.js';
import { tradesWriter } from '../../venue/trade-records.js';
import type { Venue } from '../../venue/venue.js';
import { feeRateOf, orderChanged, positionChanged, systemChanged, type Desk, type FuturesBatch } from './desk.js';
import { futuresFillsWriter, positionOrdersEndedWriter, positionsInsertWriter } from './records.js';
import { addToPosition, closeFill, fillMargin, futuresUsdt, Legs, netSplit, openFill, systemFill } from './settlement.js';
import type { LiveOrder, LivePosition } from './types.js';

const ZERO = new Dec(0);

/** Books what the engine did on a contract: each fill's legs and rows, each order that left the book. */
export function bookEvents(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, events: readonly VenueEvent[]): void {
  let list = b.venues.get(venue.instId);
  if (!list) {
    list = [];
    b.venues.set(venue.instId, list);
  }
  for (const e of events) {
    list.push(e);
    if (e.type === 'fill') bookFill(desk, tx, b, venue, e);
    else if (e.type === 'done') orderDone(desk, tx, b, e.orderId);
  }
}

function bookFill(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, e: VenueFill): void {
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
      const row = desk.book.systemRow(venue.instId, owner);
      systemFill(legs, owner, row.net, buys, price, qty);
      systemChanged(tx, b, row);
      continue;
    }
    const ref = desk.book.order(orderId);
    if (!ref) continue;
    // The side that rested on the book is the maker: its owner's tier's maker rate, the other's taker rate.
    const rate = feeRateOf(desk, ref.action === 'open' ? ref.order.userId : ref.position.userId, role);
    if (ref.action === 'open') {
      const o = ref.order;
      userId ??= o.userId;
      const { closeQty, openQty } = netAgainst(desk, tx, b, legs, o, price, qty, trade, rate);
      if (openQty.isZero()) continue;
      // Never above the rate the hold reserved: a rate raised while the order rested finds the hold sized at the old one.
      const fee = openFill(legs, o.userId, o.hold as NonNullable<LiveOrder['hold']>, price, openQty, Dec.min(rate, o.feeReserve ?? rate));
      const p = positionOf(desk, tx, b, o);
      growMargin(tx, o, p, fillMargin(price.mul(openQty), o.leverage));
      addToPosition(p, price, openQty);
      p.openedQty = p.openedQty.plus(openQty);
      p.openedCost = p.openedCost.plus(price.mul(openQty));
      p.fee = p.fee.plus(fee);
      if (o.takeProfit !== null || o.stopLoss !== null) desk.book.setTriggers(p, o.takeProfit ?? p.takeProfit, o.stopLoss ?? p.stopLoss);
      positionChanged(tx, b, p);
      o.positionId = p.id;
      o.filled = o.filled.plus(openQty);
      o.entryCost = o.entryCost.plus(price.mul(openQty));
      o.fee = o.fee.plus(fee);
      o.status = 'active';
      orderChanged(tx, b, o);
      const part = closeQty.isZero() ? trade.qty : openQty.toFixed();
      tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, orderId: o.id, userId: o.userId, instId: o.instId, action: 'open', price: trade.price, qty: part, fee: fee.toFixed(), pnl: '0', ts: trade.ts });
      continue;
    }
    const p = ref.position;
    userId ??= p.userId;
    const walletCover = p.marginMode === 'cross' ? tx.available(futuresUsdt(p.userId)) : undefined;
    const r = closeFill(legs, p.userId, p.hold, p, price, qty, { liquidation: ref.action === 'liquidation', feeRate: rate, walletCover });
    afterReduce(desk, tx, b, p, r, price, ref.action === 'liquidation' ? 'liquidated' : 'closed');
    let closing: string | null = null;
    if (ref.action === 'close') {
      const o = ref.order;
      closing = o.id;
      // As an order's attached take-profit and stop-loss on OKX: they take effect when it first fills, on what it leaves open.
      if (o.filled.isZero() && p.status === 'active' && (o.takeProfit !== null || o.stopLoss !== null)) {
        desk.book.setTriggers(p, o.takeProfit ?? p.takeProfit, o.stopLoss ?? p.stopLoss);
      }
      o.filled = o.filled.plus(qty);
      o.entryCost = o.entryCost.plus(price.mul(qty));
      o.fee = o.fee.plus(r.fee);
      o.realizedPnl = o.realizedPnl.plus(r.pnl);
      o.status = 'active';
      orderChanged(tx, b, o);
    }
    tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, orderId: closing, userId: p.userId, instId: p.instId, action: ref.action, price: trade.price, qty: trade.qty, fee: r.fee.toFixed(), pnl: r.pnl.toFixed(), ts: trade.ts });
  }
  if (legs.list.length >= 2) tx.post({ kind: 'futures_fill', userId, ref: String(trade.id), legs: legs.list });
}

/**
 * One-way mode: the part of an opening fill that closes the user's position on the other side (its
 * profit or loss realised, its margin back, as a reduce-only fill would), before the rest opens. A
 * fill larger than that position flips it: the rest opens on the order's side at the fill price.
 */
function netAgainst(
  desk: Desk,
  tx: LedgerTx,
  b: FuturesBatch,
  legs: Legs,
  o: LiveOrder,
  price: Dec,
  qty: Dec,
  trade: VenueFill['trade'],
  feeRate: Dec,
): { closeQty: Dec; openQty: Dec } {
  const opposite = desk.modes.of(o.userId) === 'one_way' ? desk.book.positionOf({ userId: o.userId, instId: o.instId, side: o.side === 'long' ? 'short' : 'long', marginMode: o.marginMode }) : undefined;
  if (!opposite) return { closeQty: ZERO, openQty: qty };
  const split = netSplit(opposite.qty, qty);
  const walletCover = opposite.marginMode === 'cross' ? tx.available(futuresUsdt(o.userId)) : undefined;
  const r = closeFill(legs, o.userId, opposite.hold, opposite, price, split.closeQty, { liquidation: false, feeRate, walletCover });
  o.positionId = opposite.id;
  o.filled = o.filled.plus(split.closeQty);
  o.entryCost = o.entryCost.plus(price.mul(split.closeQty));
  o.fee = o.fee.plus(r.fee);
  o.realizedPnl = o.realizedPnl.plus(r.pnl);
  o.status = 'active';
  orderChanged(tx, b, o);
  afterReduce(desk, tx, b, opposite, r, price, 'closed');
  tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: opposite.id, orderId: o.id, userId: o.userId, instId: o.instId, action: 'close', price: trade.price, qty: split.closeQty.toFixed(), fee: r.fee.toFixed(), pnl: r.pnl.toFixed(), ts: trade.ts });
  return split;
}

/**
 * Cancels a user's order if it is on the book. An order being matched right now (the taker whose
 * fill ended a position) is not: its own `done` follows in the events being booked.
 */
export function cancelResting(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, orderId: string): void {
  if (venue.getOrder(orderId)) bookEvents(desk, tx, b, venue, venue.execute({ type: 'cancel', id: orderId }));
}

/** The open position of the order's key, made (flat, with an empty hold) on the key's first fill. */
function positionOf(desk: Desk, tx: LedgerTx, b: FuturesBatch, o: LiveOrder): LivePosition {
  const found = desk.book.positionOf(o);
  if (found) return found;
  const seq = desk.ids.take();
  const p: LivePosition = {
    id: String(seq),
    seq,
    userId: o.userId,
    coin: o.coin,
    instId: o.instId,
    side: o.side,
    marginMode: o.marginMode,
    leverage: o.leverage,
    openedQty: ZERO,
    openedCost: ZERO,
    qty: ZERO,
    cost: ZERO,
    margin: ZERO,
    fee: ZERO,
    funding: ZERO,
    realizedPnl: ZERO,
    returned: ZERO,
    takeProfit: o.takeProfit,
    stopLoss: o.stopLoss,
    triggerBy: 'mark',
    status: 'active',
    closeOrderId: null,
    closePrice: null,
    // Consumed and empty: the first fill's margin places the position's live hold.
    hold: { id: '', account: futuresUsdt(o.userId), reason: 'margin', ref: String(seq), left: ZERO, status: 'consumed' },
    createdAt: desk.opts.now(),
    closedAt: null,
  };
  desk.book.add(p);
  b.created.add(p);
  tx.record(positionsInsertWriter, p);
  return p;
}

/**
 * Moves an opening fill's margin from the order's reservation to the position's hold. A hold
 * cannot grow, so the position's is released and placed anew with what it had plus the fill's
 * margin: on the same account, so its available and locked end where a single move would leave them.
 */
function growMargin(tx: LedgerTx, o: LiveOrder, p: LivePosition, margin: Dec): void {
  if (margin.isZero()) return;
  const account = futuresUsdt(o.userId);
  tx.post({ kind: 'futures_margin_move', userId: o.userId, ref: p.id, legs: [{ account, amount: margin.neg(), hold: o.hold as NonNullable<LiveOrder['hold']> }, { account, amount: margin }] });
  const kept = p.hold.status === 'live' ? p.hold.left : ZERO;
  tx.release(p.hold);
  p.hold = tx.placeHold(account, kept.plus(margin), 'margin', p.id);
  p.margin = p.margin.plus(margin);
}

/** A reducing fill's figures on the position; it ends as `endStatus` once nothing is open. */
export function afterReduce(
  desk: Desk,
  tx: LedgerTx,
  b: FuturesBatch,
  p: LivePosition,
  r: { pnl: Dec; fee: Dec; returned: Dec },
  price: Dec,
  endStatus: 'closed' | 'liquidated',
): void {
  p.realizedPnl = p.realizedPnl.plus(r.pnl);
  p.fee = p.fee.plus(r.fee);
  p.returned = p.returned.plus(r.returned);
  p.closePrice = price.toFixed();
  if (p.qty.isZero()) finishPosition(desk, tx, b, p, endStatus);
  else trimReduceOnly(desk, tx, b, p);
  positionChanged(tx, b, p);
}

/** A position that shrank under its reduce-only orders (deleveraging) cancels the newest until they fit. */
function trimReduceOnly(desk: Desk, tx: LedgerTx, b: FuturesBatch, p: LivePosition): void {
  const venue = desk.venueOf(p.instId);
  const newestFirst = desk.book.restingOf(p).filter((o) => o.reduceOnly).reverse();
  for (const o of newestFirst) {
    if (desk.book.reservedToReduce(p).lte(p.qty)) return;
    cancelResting(desk, tx, b, venue, o.id);
  }
}

/**
 * A position with nothing open ends: the reduce-only orders resting on it are cancelled (nothing
 * is left for them to reduce), and the orders that filled into it take its end as theirs.
 */
function finishPosition(desk: Desk, tx: LedgerTx, b: FuturesBatch, p: LivePosition, status: 'closed' | 'liquidated'): void {
  p.status = status;
  p.closedAt = desk.opts.now();
  desk.book.remove(p);
  const venue = desk.venueOf(p.instId);
  for (const o of desk.book.restingOf(p)) {
    if (o.reduceOnly) cancelResting(desk, tx, b, venue, o.id);
  }
  for (const o of [...b.createdOrders, ...b.updatedOrders]) {
    if (o.positionId === p.id && o.status === 'active' && !o.orderOpen) endOrder(o, status, p.closedAt);
  }
  tx.record(positionOrdersEndedWriter, { positionId: p.id, status, at: p.closedAt, written: () => b.updatedOrders });
}

function endOrder(o: LiveOrder, status: LiveOrder['status'], at: Date): void {
  o.status = status;
  o.closedAt = at;
}

/**
 * An order left the book. An opening order gives back what it reserved beyond what its fills took;
 * it ends with its position (or as cancelled when nothing filled). A reduce-only order ends closed
 * when something filled.
 */
function orderDone(desk: Desk, tx: LedgerTx, b: FuturesBatch, orderId: string): void {
  const ref = desk.book.order(orderId);
  if (!ref) return;
  desk.book.deleteOrder(orderId);
  if (ref.action === 'liquidation') {
    ref.position.closeOrderId = null;
    return;
  }
  const o = ref.order;
  o.orderOpen = false;
  if (ref.action === 'close') {
    if (ref.position.closeOrderId === o.id) ref.position.closeOrderId = null;
    endOrder(o, o.filled.isZero() ? 'canceled' : 'closed', desk.opts.now());
  } else {
    if (o.hold) tx.release(o.hold);
    if (o.filled.isZero()) endOrder(o, 'canceled', desk.opts.now());
    else {
      const p = o.positionId === null ? undefined : desk.book.get(o.positionId);
      if (!p) endOrder(o, 'closed', desk.opts.now());
    }
  }
  orderChanged(tx, b, o);
}
