import type { FuturesPosition, FuturesPositionRow } from '@exchange/contract';
import { maintenanceMargin } from '@exchange/risk';
import { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';
import { removable } from './margin-bounds.js';
import type { LiveOrder, LivePosition } from './types.js';

const DAY_MS = 86_400_000;
const ZERO = new Dec(0);
const PRICE_DECIMALS = 8;

const price = (v: Dec | null): string | null => (v === null ? null : v.toDecimalPlaces(PRICE_DECIMALS).toFixed());
const amount = (v: Dec): string => v.toDecimalPlaces(8).toFixed();

/** Live figures of an open position at `mark`: unrealised profit, equity and maintenance margin. */
function live(p: LivePosition, mark: number | null): { markDec: Dec | null; upnl: Dec; equity: Dec; ratio: string | null } {
  const markDec = mark === null ? null : new Dec(mark.toFixed(PRICE_DECIMALS));
  const open = p.status === 'active' && p.qty.gt(0);
  // A closed position keeps no mark: its result is booked and no longer moves.
  if (!open || markDec === null) return { markDec: open ? markDec : null, upnl: ZERO, equity: p.margin, ratio: null };
  const upnl = markDec.mul(p.qty).minus(p.cost).mul(p.side === 'long' ? 1 : -1);
  const equity = p.margin.plus(upnl);
  const maint = maintenanceMargin(markDec.mul(p.qty).toNumber());
  return { markDec, upnl, equity, ratio: equity.gt(0) ? new Dec(maint).div(equity).toDecimalPlaces(6).toFixed() : '1' };
}

/** A position as GET /futures/positions and the private `positions` channel show it. */
export function toPosition(p: LivePosition, mark: number | null, liquidationPrice: number | null, closing: Dec): FuturesPosition {
  const { markDec, upnl, ratio } = live(p, mark);
  const entry = p.qty.gt(0) ? p.cost.div(p.qty) : p.openedQty.gt(0) ? p.openedCost.div(p.openedQty) : null;
  return {
    position_id: p.id,
    inst_id: p.instId,
    symbol: p.coin.symbol,
    side: p.side,
    position_type: p.marginMode,
    leverage: p.leverage,
    amount: p.qty.toFixed(),
    entry_price: price(entry),
    mark_price: price(markDec),
    liquidation_price: liquidationPrice === null || p.status !== 'active' ? null : liquidationPrice.toFixed(PRICE_DECIMALS),
    margin: amount(p.margin),
    max_removable_margin: p.marginMode === 'isolated' && p.status === 'active' && p.qty.gt(0) ? removable(p, mark).toFixed() : null,
    margin_ratio: ratio,
    unrealized_pnl: amount(upnl),
    realized_pnl: amount(p.realizedPnl),
    fee: amount(p.fee),
    funding: amount(p.funding),
    close_price: p.closePrice,
    closing_amount: closing.toFixed(),
    take_profit: p.takeProfit,
    stop_loss: p.stopLoss,
    trigger_by: p.triggerBy,
    status: p.status,
    created_at: p.createdAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
  };
}

/**
 * An order as spec 2's history shows it (contract futuresPositionRow): its own fills (amount, average
 * price, fee, realised profit of a close order), and while the position it filled into is open, that
 * position's live figures (mark, liquidation price, margin ratio) and the order's part of its profit.
 */
export function toOrderRow(
  o: LiveOrder,
  position: { position: LivePosition; liquidationPrice: number | null } | null,
  mark: number | null,
  nowMs: number,
): FuturesPositionRow {
  const p = position?.position ?? null;
  const openPosition = p !== null && p.status === 'active';
  const avg = o.filled.gt(0) ? o.entryCost.div(o.filled) : o.orderPrice !== null ? new Dec(o.orderPrice) : null;
  const figures = p && openPosition ? live(p, mark) : null;
  // The order's part of the open position's profit: its fills at the mark (an opening order only).
  const upnl = figures?.markDec && !o.reduceOnly && o.filled.gt(0) ? figures.markDec.mul(o.filled).minus(o.entryCost).mul(o.side === 'long' ? 1 : -1) : ZERO;
  const initialMargin = o.entryCost.div(o.leverage);
  const margin = o.orderOpen && o.hold ? o.hold.left.plus(o.filled.gt(0) ? initialMargin : ZERO) : o.reduceOnly ? ZERO : initialMargin;
  const result = o.reduceOnly ? o.realizedPnl.minus(o.fee) : upnl.minus(o.fee);
  const end = o.closedAt?.getTime() ?? nowMs;
  return {
    future_id: o.id,
    position_id: o.positionId,
    reduce_only: o.reduceOnly,
    date: o.createdAt.toISOString(),
    coin: o.coin.name,
    coin_id: o.coin.pair_id,
    symbol: o.coin.symbol,
    inst_id: o.instId,
    logo_path: coinIconPath(o.coin.symbol),
    side: o.side,
    position_type: o.marginMode,
    order_type: o.orderType,
    leverage: o.leverage,
    entry_price: (avg ?? ZERO).toDecimalPlaces(PRICE_DECIMALS).toFixed(),
    order_price: o.orderPrice,
    amount: (o.status === 'pending' ? o.orderQty : o.filled).toFixed(),
    filled_amount: o.filled.toFixed(),
    total: amount(o.filled.gt(0) ? o.entryCost : o.orderQty.mul(o.orderPrice ?? '0')),
    margin: amount(margin),
    liquidation_price: openPosition && position?.liquidationPrice != null ? position.liquidationPrice.toFixed(PRICE_DECIMALS) : null,
    mark_price: figures?.markDec ? price(figures.markDec) : null,
    unrealized_pnl: amount(upnl),
    realized_pnl: amount(o.realizedPnl),
    fee: amount(o.fee),
    funding: amount(ZERO),
    margin_ratio: figures?.ratio ?? null,
    cycle: Math.max(0, Math.floor((end - o.createdAt.getTime()) / DAY_MS)),
    asset: amount(o.reduceOnly ? ZERO : initialMargin.plus(upnl)),
    return_percentage: initialMargin.gt(0) ? result.div(initialMargin).mul(100).toDecimalPlaces(4).toFixed() : '0',
    take_profit: o.takeProfit,
    stop_loss: o.stopLoss,
    status: o.status,
    closed_at: o.closedAt?.toISOString() ?? null,
    close_price: o.reduceOnly && o.filled.gt(0) ? price(o.entryCost.div(o.filled)) : p && !openPosition ? p.closePrice : null,
  };
}
