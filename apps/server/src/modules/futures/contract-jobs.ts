import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import { afterEngine, positionChanged, systemChanged, type Desk } from './desk.js';
import { afterReduce, bookEvents } from './fill-booking.js';
import { fundingTransfer } from './order-prices.js';
import { fundingPaymentsWriter } from './funding-payments.js';
import { contractSettledWriter, futuresFillsWriter, fundingWriter } from './records.js';
import { closeFill, NO_FEE, FUNDING_POOL, futuresUsdt, Legs, money, sign, systemFill } from './settlement.js';

/**
 * Settles a delivery contract at `price`: resting orders are cancelled, every position (users' and
 * the market's) is closed at that price without fee, and the contract is marked settled.
 */
export function applyDelivery(desk: Desk, instId: string, price: Dec, tx: LedgerTx): void {
  const venue = desk.venueOf(instId);
  const b = desk.batchOf(tx);
  const at = new Dec(venue.prices.format(venue.prices.ticksOf(price.toFixed(venue.prices.decimals + 2))));
  afterEngine(() => {
    const snap = venue.snapshot();
    for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) bookEvents(desk, tx, b, venue, venue.execute({ type: 'cancel', id: o.id }));
    const legs = new Legs();
    const ts = desk.opts.nowMs();
    for (const p of [...desk.book.contractPositions(instId)]) {
      if (p.qty.isZero()) continue;
      const qty = p.qty;
      const r = closeFill(legs, p.userId, p.hold, p, at, qty, { liquidation: false, feeRate: NO_FEE });
      afterReduce(desk, tx, b, p, r, at, 'closed');
      tx.record(futuresFillsWriter, { tradeId: null, positionId: p.id, orderId: null, userId: p.userId, instId, action: 'delivery', price: at.toFixed(), qty: qty.toFixed(), fee: '0', pnl: r.pnl.toFixed(), ts });
    }
    for (const row of desk.book.systemRows(instId)) {
      if (row.net.qty.isZero()) continue;
      systemFill(legs, row.owner, row.net, row.net.qty.lt(0), at, row.net.qty.abs());
      systemChanged(tx, b, row);
    }
    if (legs.list.length >= 2) tx.post({ kind: 'futures_delivery', userId: null, ref: instId, legs: legs.list });
    tx.record(contractSettledWriter, { instId, price: at.toFixed(), at: desk.opts.now() });
    b.expired.push(instId);
  });
}

/** Pays one funding time of a contract between its positions at `rate` (a fraction) and `mark`. */
export function applyFunding(desk: Desk, instId: string, fundingTime: number, rate: Dec, mark: Dec, tx: LedgerTx): void {
  const b = desk.batchOf(tx);
  const legs = new Legs();
  for (const p of desk.book.contractPositions(instId)) {
    if (p.qty.isZero()) continue;
    const { paid, got } = fundingTransfer(mark.mul(p.qty).mul(rate).mul(sign(p.side)), p.margin);
    if (paid.gt(0)) {
      legs.add(futuresUsdt(p.userId), paid.neg(), p.hold);
      legs.add(FUNDING_POOL, paid);
      p.margin = p.margin.minus(paid);
      p.funding = p.funding.plus(paid);
    } else if (got.gt(0)) {
      legs.add(FUNDING_POOL, got.neg());
      legs.add(futuresUsdt(p.userId), got);
      p.funding = p.funding.minus(got);
    } else {
      continue;
    }
    positionChanged(tx, b, p);
    const amount = paid.gt(0) ? paid.neg() : got;
    tx.record(fundingPaymentsWriter, {
      positionId: p.id,
      userId: p.userId,
      instId,
      side: p.side,
      fundingTime,
      rate: rate.toFixed(),
      mark: mark.toFixed(),
      qty: p.qty.toFixed(),
      amount: amount.toFixed(),
    });
  }
  for (const row of desk.book.systemRows(instId)) {
    if (row.net.qty.isZero()) continue;
    const owed = money(mark.mul(row.net.qty).mul(rate));
    legs.add(futuresUsdt(row.owner), owed.neg());
    legs.add(FUNDING_POOL, owed);
  }
  tx.record(fundingWriter, { instId, fundingTime, rate: rate.toFixed(), mark: mark.toFixed() });
  if (legs.list.length >= 2) tx.post({ kind: 'futures_funding', userId: null, ref: `${instId}@${fundingTime}`, legs: legs.list });
}
