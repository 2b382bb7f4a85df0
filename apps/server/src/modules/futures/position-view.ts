import type { FuturesPositionRow } from '@exchange/contract';
import { maintenanceMargin } from '@exchange/risk';
import { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';
import type { LivePosition } from './types.js';

const DAY_MS = 86_400_000;
const ZERO = new Dec(0);
const PRICE_DECIMALS = 8;

/** A position as the order history and the page show it (contract futuresPositionRow). */
export function toPositionRow(
  p: LivePosition,
  mark: number | null,
  liquidationPrice: number | null,
  nowMs: number,
): FuturesPositionRow {
  const open = p.status === 'active' || p.status === 'pending';
  const entry = p.filled.gt(0) ? p.entryCost.div(p.filled) : p.orderPrice !== null ? new Dec(p.orderPrice) : null;
  const markDec = mark === null ? null : new Dec(mark.toFixed(PRICE_DECIMALS));
  const upnl = open && markDec !== null && p.qty.gt(0) ? markDec.mul(p.qty).minus(p.cost).mul(p.side === 'long' ? 1 : -1) : ZERO;
  const initialMargin = p.entryCost.div(p.leverage);
  const equity = p.margin.plus(upnl);
  const maint = markDec !== null && p.qty.gt(0) ? maintenanceMargin(markDec.mul(p.qty).toNumber()) : null;
  // A pending order shows what it reserves; an open position its margin; a closed one what came back.
  const margin = p.status === 'pending' ? p.hold.left : open ? p.margin : initialMargin;
  const asset = open ? (p.status === 'pending' ? p.hold.left : equity) : p.returned;
  const ret = open
    ? p.margin.gt(0)
      ? upnl.div(p.margin).mul(100)
      : ZERO
    : initialMargin.gt(0)
      ? p.realizedPnl.minus(p.fee).minus(p.funding).div(initialMargin).mul(100)
      : ZERO;
  const end = p.closedAt?.getTime() ?? nowMs;
  return {
    future_id: p.id,
    date: p.createdAt.toISOString(),
    coin: p.coin.name,
    coin_id: p.coin.pair_id,
    symbol: p.coin.symbol,
    inst_id: p.instId,
    logo_path: coinIconPath(p.coin.symbol),
    side: p.side,
    position_type: p.marginMode,
    order_type: p.orderType,
    leverage: p.leverage,
    entry_price: (entry ?? ZERO).toDecimalPlaces(PRICE_DECIMALS).toFixed(),
    order_price: p.orderPrice,
    amount: (open ? (p.status === 'pending' ? p.orderQty : p.qty) : p.filled).toFixed(),
    filled_amount: p.filled.toFixed(),
    total: (p.filled.gt(0) ? p.entryCost : p.orderQty.mul(p.orderPrice ?? '0')).toDecimalPlaces(8).toFixed(),
    margin: margin.toDecimalPlaces(8).toFixed(),
    liquidation_price: liquidationPrice === null ? null : liquidationPrice.toFixed(PRICE_DECIMALS),
    mark_price: markDec?.toFixed() ?? null,
    unrealized_pnl: upnl.toDecimalPlaces(8).toFixed(),
    realized_pnl: p.realizedPnl.toDecimalPlaces(8).toFixed(),
    fee: p.fee.toDecimalPlaces(8).toFixed(),
    funding: p.funding.toDecimalPlaces(8).toFixed(),
    margin_ratio: maint === null || !open ? null : equity.gt(0) ? new Dec(maint).div(equity).toDecimalPlaces(6).toFixed() : '1',
    cycle: Math.max(0, Math.floor((end - p.createdAt.getTime()) / DAY_MS)),
    asset: asset.toDecimalPlaces(8).toFixed(),
    return_percentage: ret.toDecimalPlaces(4).toFixed(),
    take_profit: p.takeProfit,
    stop_loss: p.stopLoss,
    status: p.status,
    closed_at: p.closedAt?.toISOString() ?? null,
    close_price: p.closePrice,
  };
}
