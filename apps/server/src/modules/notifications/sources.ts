import type { DepositRecord, NotificationBody, WithdrawalRecord } from '@exchange/contract';
import { isSystemOwner } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import type { VenueCommitted } from '../../venue/events.js';
import type { NewNotification } from './store.js';

/**
 * The events of the money flows, as notifications. Each is told after its flow committed; the
 * dedupe key names the event, so a record emitted again (a deposit's confirmations) is kept once.
 */

const WITHDRAWAL_STATES_TOLD: ReadonlySet<WithdrawalRecord['status']> = new Set(['review', 'processing', 'completed', 'failed', 'rejected', 'cancelled', 'expired']);

export function fromDeposit(userId: string, d: DepositRecord, at: Date): NewNotification | null {
  const params = { symbol: d.symbol, amount: d.final_amount, network: d.network };
  if (d.status === 'credited') return { userId, at, dedupeKey: `deposit:${d.id}:credited`, body: { code: 'deposit_credited', params } };
  if (d.status === 'skipped' || d.status === 'rejected') {
    return { userId, at, dedupeKey: `deposit:${d.id}:not-credited`, body: { code: 'deposit_not_credited', params: { ...params, amount: d.amount } } };
  }
  return null;
}

export function fromWithdrawal(userId: string, w: WithdrawalRecord, at: Date): NewNotification | null {
  if (!WITHDRAWAL_STATES_TOLD.has(w.status)) return null;
  return {
    userId,
    at,
    dedupeKey: `withdrawal:${w.id}:${w.status}`,
    body: { code: 'withdrawal_status', params: { symbol: w.symbol, amount: w.amount, status: w.status } },
  };
}

/**
 * A user's order that filled in this batch: filled, or partly filled (told once per order; the
 * whole fill is told again when it completes). Orders that only rested or were cancelled say nothing.
 */
export function fromCommitted(m: VenueCommitted, at: Date): NewNotification[] {
  const filledNow = new Set(m.fills.map((f) => f.update.order_id));
  const list: NewNotification[] = [];
  for (const o of m.orders) {
    if (!filledNow.has(o.id) || isSystemOwner(o.userId)) continue;
    const symbol = o.coin.symbol;
    let body: NotificationBody;
    if (o.status === 'filled') {
      const price = o.filled.isZero() ? '0' : o.filledQuote.div(o.filled).toDecimalPlaces(8).toFixed();
      body = { code: 'order_filled', params: { symbol, side: o.side, amount: o.filled.toFixed(), price } };
    } else if (o.status === 'partially filled') {
      body = { code: 'order_partially_filled', params: { symbol, side: o.side, filled: o.filled.toFixed(), amount: new Dec(o.amount).toFixed() } };
    } else continue;
    list.push({ userId: o.userId, at, dedupeKey: `order:${o.id}:${body.code}`, body });
  }
  return list;
}

export function fromLiquidation(
  p: { id: string; userId: string; instId: string; side: 'long' | 'short'; closePrice: string | null },
  mark: string,
  at: Date,
): NewNotification {
  return {
    userId: p.userId,
    at,
    dedupeKey: `position:${p.id}:liquidated`,
    body: { code: 'position_liquidated', params: { instId: p.instId, side: p.side, price: p.closePrice ?? mark } },
  };
}
