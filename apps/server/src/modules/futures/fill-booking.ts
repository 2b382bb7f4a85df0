import { isSystemOwner } from '../../ledger/accounts.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueEvent, VenueFill } from '../../venue/events.js';
import { tradesWriter } from '../../venue/trade-records.js';
import type { Venue } from '../../venue/venue.js';
import { positionChanged, systemChanged, type Desk, type FuturesBatch } from './desk.js';
import { futuresFillsWriter } from './records.js';
import { closeFill, fillMargin, futuresUsdt, Legs, openFill, systemFill } from './settlement.js';
import type { LivePosition } from './types.js';

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
      positionChanged(tx, b, p);
      tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, userId: p.userId, instId: p.instId, action: 'open', price: trade.price, qty: trade.qty, fee: fee.toFixed(), pnl: '0', ts: trade.ts });
    } else {
      const walletCover = p.marginMode === 'cross' ? tx.available(futuresUsdt(p.userId)) : undefined;
      const r = closeFill(legs, p.userId, p.hold, p, price, qty, { liquidation: ref.action === 'liquidation', chargeFee: true, walletCover });
      afterReduce(desk, tx, b, p, r, price, ref.action === 'liquidation' ? 'liquidated' : 'closed');
      tx.record(futuresFillsWriter, { tradeId: trade.id, positionId: p.id, userId: p.userId, instId: p.instId, action: ref.action, price: trade.price, qty: trade.qty, fee: r.fee.toFixed(), pnl: r.pnl.toFixed(), ts: trade.ts });
    }
  }
  if (legs.list.length >= 2) tx.post({ kind: 'futures_fill', userId, ref: String(trade.id), legs: legs.list });
}

/** A reducing fill's figures on the position; it ends as `endStatus` once nothing is open or resting. */
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
  if (p.qty.isZero() && !p.orderOpen) finish(desk, p, endStatus);
  positionChanged(tx, b, p);
}

function finish(desk: Desk, p: LivePosition, status: 'closed' | 'liquidated' | 'canceled'): void {
  p.status = status;
  p.closedAt = desk.opts.now();
  desk.book.remove(p);
}

/** An order left the book: an opening order gives back what it reserved beyond the margin of what filled. */
function orderDone(desk: Desk, tx: LedgerTx, b: FuturesBatch, orderId: string): void {
  const ref = desk.book.order(orderId);
  if (!ref) return;
  desk.book.deleteOrder(orderId);
  const p = ref.position;
  if (ref.action !== 'open') {
    p.closeOrderId = null;
    return;
  }
  p.orderOpen = false;
  if (p.filled.isZero()) {
    tx.release(p.hold);
    finish(desk, p, 'canceled');
  } else {
    const excess = p.hold.left.minus(p.margin);
    if (excess.gt(0)) {
      const account = futuresUsdt(p.userId);
      tx.post({ kind: 'futures_margin_release', userId: p.userId, ref: p.id, legs: [{ account, amount: excess.neg(), hold: p.hold }, { account, amount: excess }] });
    }
    if (p.qty.isZero()) finish(desk, p, 'closed');
  }
  positionChanged(tx, b, p);
}
