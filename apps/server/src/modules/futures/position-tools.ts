import { futuresMaxLeverage, futuresMessages, positionToolsMessages, type TriggerBy } from '@exchange/contract';
import { leverageCap, minimumIsolatedMargin } from '@exchange/risk';
import { AppError, codedError } from '../../errors.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import { positionChanged, type Desk } from './desk.js';
import { leverageSettingWriter } from './leverage-store.js';
import { entryOf, removable } from './margin-bounds.js';
import { fillMargin, futuresUsdt, moneyUp } from './settlement.js';
import type { LivePosition, PositionKey } from './types.js';

const USDT_DECIMALS = 8;

/**
 * Sets the position's margin to `target`. A hold cannot grow or shrink, so it is released and placed
 * anew on the same account: what is added leaves the wallet's available, what is removed returns to it.
 */
function rehold(tx: LedgerTx, p: LivePosition, target: Dec): void {
  const account = futuresUsdt(p.userId);
  tx.release(p.hold);
  p.hold = tx.placeHold(account, target, 'margin', p.id);
  p.margin = target;
}


/** The most a side may use now: the contract's maximum, capped by the tier of the open position's notional at entry. */
export function sideCap(instId: string, p: LivePosition | undefined): number {
  return leverageCap(futuresMaxLeverage(instId), p ? p.cost.toNumber() : 0);
}

/**
 * Sets a side's leverage; its open position (if any) is re-margined at notional at entry / leverage in
 * the same job. A higher leverage frees margin but keeps at least the initial margin plus the
 * unrealised loss, so the change alone cannot bring a liquidation.
 */
export function applyLeverage(desk: Desk, key: PositionKey, leverage: number, mark: number | null, tx: LedgerTx): LivePosition | undefined {
  const contractMax = futuresMaxLeverage(key.instId);
  if (leverage > contractMax) throw codedError(400, 'LEVERAGE_TOO_HIGH', 'futures.leverageAboveMax', { symbol: key.instId, max: String(contractMax) });
  const p = desk.book.positionOf(key);
  if (p) {
    const cap = sideCap(key.instId, p);
    if (leverage > cap) throw codedError(400, 'LEVERAGE_TOO_HIGH', 'futures.leverageTooHigh', { max: String(cap) });
    // Resting opening orders reserved margin at the old leverage; their fills would mix the two.
    if (desk.book.restingOf(p).some((o) => !o.reduceOnly)) throw new AppError(409, positionToolsMessages.ordersOpen, 'ORDERS_OPEN');
    let target = fillMargin(p.cost, leverage);
    if (target.lt(p.margin)) {
      const floor = minimumIsolatedMargin({ side: p.side, qty: p.qty.toNumber(), entryPrice: entryOf(p), leverage }, mark ?? entryOf(p));
      target = Dec.min(p.margin, Dec.max(target, moneyUp(new Dec(floor.toFixed(USDT_DECIMALS + 2)))));
    }
    const more = target.minus(p.margin);
    const account = futuresUsdt(p.userId);
    const have = tx.available(account);
    if (have.lt(more)) {
      throw tx.shortOf(account, codedError(400, 'INSUFFICIENT_MARGIN', 'futures.remarginShort', { leverage: String(leverage), need: moneyUp2(more), have: have.toFixed(2) }));
    }
    if (!more.isZero()) rehold(tx, p, target);
    p.leverage = leverage;
    positionChanged(tx, desk.batchOf(tx), p);
  }
  tx.record(leverageSettingWriter, { ...key, leverage, at: desk.opts.now() });
  return p;
}

const moneyUp2 = (v: Dec): string => v.toDecimalPlaces(2, Dec.ROUND_UP).toFixed(2);

/** An open position of `userId`'s, or the refusal a client can act on. */
function ownOpen(desk: Desk, userId: string, positionId: string): LivePosition {
  const p = desk.book.get(positionId);
  if (!p || p.userId !== userId || p.status !== 'active') throw new AppError(409, futuresMessages.alreadyClosed, 'ALREADY_CLOSED');
  return p;
}

/** Adds margin to an isolated position from the futures wallet, or returns some to it within `removable`. */
export function applyMarginChange(desk: Desk, userId: string, positionId: string, type: 'add' | 'reduce', amount: Dec, mark: number | null, tx: LedgerTx): LivePosition {
  const p = ownOpen(desk, userId, positionId);
  if (p.marginMode !== 'isolated') throw new AppError(400, positionToolsMessages.notIsolated, 'NOT_ISOLATED');
  if (type === 'add') {
    const account = futuresUsdt(userId);
    const have = tx.available(account);
    if (have.lt(amount)) throw tx.shortOf(account, codedError(400, 'INSUFFICIENT_MARGIN', 'futures.marginAddShort', { have: have.toFixed(2) }));
    rehold(tx, p, p.margin.plus(amount));
  } else {
    const max = removable(p, mark);
    if (amount.gt(max)) throw codedError(400, 'MARGIN_TOO_LOW', 'futures.marginReduceTooMuch', { max: max.toFixed() });
    rehold(tx, p, p.margin.minus(amount));
  }
  positionChanged(tx, desk.batchOf(tx), p);
  return p;
}

/** Sets (or, both null, clears) a position's take-profit and stop-loss and what they watch. */
export function applyTpsl(desk: Desk, userId: string, positionId: string, tp: string | null, sl: string | null, by: TriggerBy, tx: LedgerTx): LivePosition {
  const p = ownOpen(desk, userId, positionId);
  desk.book.setTriggers(p, tp, sl);
  p.triggerBy = by;
  positionChanged(tx, desk.batchOf(tx), p);
  return p;
}
