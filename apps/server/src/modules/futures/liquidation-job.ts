import { futuresMessages } from '@exchange/contract';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { rankDeleverage, type AdlCandidate } from './adl.js';
import { afterEngine, engineSide, feeRateOf, hasIds, systemChanged, type Desk, type FuturesBatch } from './desk.js';
import { afterReduce, bookEvents, cancelResting } from './fill-booking.js';
import { bankruptcyTicks, liquidationLimitTicks } from './order-prices.js';
import { futuresFillsWriter } from './records.js';
import { closeFill, NO_FEE, futuresUsdt, INSURANCE, Legs, sign, systemFill } from './settlement.js';
import type { LivePosition } from './types.js';

const ZERO = new Dec(0);

/**
 * Liquidation: the orders of the position's key resting on the book are cancelled, then the position is closed
 * through the book by an IOC order (liquidationLimitTicks), what is left of its margin going to the
 * insurance fund; what the book did not take is deleveraged at the bankruptcy price.
 */
export function applyLiquidation(desk: Desk, positionId: string, mark: Dec, tx: LedgerTx): void {
  const p = desk.book.get(positionId);
  if (!p || p.status !== 'active' || p.closeOrderId !== null || p.qty.isZero()) return;
  const venue = desk.venueOf(p.instId);
  if (!hasIds(desk, venue)) throw tx.deferral();
  const b = desk.batchOf(tx);
  afterEngine(() => {
    for (const o of desk.book.restingOf(p)) cancelResting(desk, tx, b, venue, o.id);
    const wallet = p.marginMode === 'cross' ? tx.available(futuresUsdt(p.userId)) : ZERO;
    const touch = p.side === 'long' ? venue.bestBid() : venue.bestAsk();
    // An IOC order: it takes, so it pays the user's taker rate.
    const ticks = liquidationLimitTicks(p, mark, tx.available(INSURANCE).plus(wallet), feeRateOf(desk, p.userId, 'taker'), venue.prices.tickSize, touch);
    if (ticks !== null) {
      const id = `l${desk.ids.take()}`;
      desk.book.setOrder(id, { position: p, action: 'liquidation' });
      p.closeOrderId = id;
      const events = venue.execute({ type: 'limit', id, owner: p.userId, side: engineSide(p.side, true), price: ticks, qty: venue.lots.ticksOf(p.qty.toFixed()), tif: 'IOC' });
      bookEvents(desk, tx, b, venue, events);
    }
    if (p.qty.gt(0)) deleverage(desk, tx, b, venue, p);
    if (p.status === 'liquidated') {
      b.events.push({ userId: p.userId, positionId: p.id, kind: 'liquidated', message: futuresMessages.liquidated(p.instId, p.closePrice ?? mark.toFixed()) });
    }
  });
}

/**
 * Auto-deleveraging: what is left of a liquidated position is closed at its bankruptcy price
 * against the opposite positions ranked by profit and leverage (adl.ts); each is told.
 */
function deleverage(desk: Desk, tx: LedgerTx, b: FuturesBatch, venue: Venue, p: LivePosition): void {
  const bp = new Dec(venue.prices.format(bankruptcyTicks(p, venue.prices.tickSize)));
  const candidates: AdlCandidate[] = [];
  for (const o of desk.book.contractPositions(p.instId)) {
    if (o.side === p.side || o.qty.isZero() || o.status !== 'active') continue;
    candidates.push({ kind: 'user', position: o, pnl: bp.mul(o.qty).minus(o.cost).mul(sign(o.side)), margin: o.margin, leverage: o.leverage });
  }
  for (const row of desk.book.systemRows(p.instId)) {
    if (row.net.qty.isZero() || row.net.qty.gt(0) === (p.side === 'long')) continue;
    const qty = row.net.qty.abs();
    candidates.push({ kind: 'system', row, pnl: bp.mul(qty).minus(row.net.cost).mul(row.net.qty.gt(0) ? 1 : -1), margin: row.net.cost, leverage: 1 });
  }
  const legs = new Legs();
  const ts = desk.opts.nowMs();
  for (const c of rankDeleverage(candidates)) {
    if (p.qty.isZero()) break;
    const q = Dec.min(p.qty, c.kind === 'user' ? c.position.qty : c.row.net.qty.abs());
    const mine = closeFill(legs, p.userId, p.hold, p, bp, q, { liquidation: true, feeRate: NO_FEE });
    afterReduce(desk, tx, b, p, mine, bp, 'liquidated');
    tx.record(futuresFillsWriter, { tradeId: null, positionId: p.id, orderId: null, userId: p.userId, instId: p.instId, action: 'adl', price: bp.toFixed(), qty: q.toFixed(), fee: '0', pnl: mine.pnl.toFixed(), ts });
    if (c.kind === 'user') {
      const o = c.position;
      const theirs = closeFill(legs, o.userId, o.hold, o, bp, q, { liquidation: false, feeRate: NO_FEE });
      afterReduce(desk, tx, b, o, theirs, bp, 'closed');
      tx.record(futuresFillsWriter, { tradeId: null, positionId: o.id, orderId: null, userId: o.userId, instId: o.instId, action: 'adl', price: bp.toFixed(), qty: q.toFixed(), fee: '0', pnl: theirs.pnl.toFixed(), ts });
      b.events.push({ userId: o.userId, positionId: o.id, kind: 'deleveraged', message: futuresMessages.deleveraged(o.instId, bp.toFixed()) });
    } else {
      systemFill(legs, c.row.owner, c.row.net, p.side === 'long', bp, q);
      systemChanged(tx, b, c.row);
    }
  }
  if (legs.list.length >= 2) tx.post({ kind: 'futures_adl', userId: p.userId, ref: p.id, legs: legs.list });
}
