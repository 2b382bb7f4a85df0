import { futuresMessages, type ClosePositionResponse } from '@exchange/contract';
import type { Command } from '@exchange/engine';
import { AppError } from '../../errors.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import type { VenueEvent } from '../../venue/events.js';
import type { Venue } from '../../venue/venue.js';
import { afterEngine, engineSide, hasIds, type Desk } from './desk.js';
import { bookEvents } from './fill-booking.js';
import { closeLimitTicks } from './order-prices.js';

/** Closes a position at market through an IOC order, or cancels its opening order that has not filled. */
export function applyClose(desk: Desk, userId: string, positionId: string, tx: LedgerTx): ClosePositionResponse {
  const p = desk.book.get(positionId);
  if (!p || p.userId !== userId) throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
  if (p.closeOrderId !== null) throw new AppError(409, futuresMessages.cannotClose, 'CLOSING');
  const venue = desk.venueOf(p.instId);
  const touch = p.side === 'long' ? venue.bestBid() : venue.bestAsk();
  if (p.filled.gt(0) && touch === null) throw new AppError(409, futuresMessages.cannotClose, 'NO_LIQUIDITY');
  if (!hasIds(desk, venue)) throw tx.deferral();
  const b = desk.batchOf(tx);
  if (p.orderOpen) {
    const canceled = venue.execute({ type: 'cancel', id: p.id });
    afterEngine(() => bookEvents(desk, tx, b, venue, canceled));
  }
  if (p.qty.gt(0) && touch !== null) {
    const closeId = `c${desk.ids.take()}`;
    desk.book.setOrder(closeId, { position: p, action: 'close' });
    p.closeOrderId = closeId;
    const events = venue.execute({
      type: 'limit',
      id: closeId,
      owner: p.userId,
      side: engineSide(p.side, true),
      price: closeLimitTicks(p.side, touch),
      qty: venue.lots.ticksOf(p.qty.toFixed()),
      tif: 'IOC',
    });
    afterEngine(() => bookEvents(desk, tx, b, venue, events));
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
