import type { FuturesClosedPosition, FuturesFundingPayment, FuturesOpenOrder } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import type { LiveOrder } from './types.js';

const PRICE_DECIMALS = 8;
const MONEY_DECIMALS = 8;
const money = (v: Dec): string => v.toDecimalPlaces(MONEY_DECIMALS).toFixed();
const trim = (v: string | null): string | null => (v === null ? null : new Dec(v).toFixed());

/** An order resting on a book, or the last word on one that left it (the `futures-orders` channel). */
export function toOpenOrder(o: LiveOrder): FuturesOpenOrder {
  return {
    order_id: o.id,
    position_id: o.positionId,
    inst_id: o.instId,
    symbol: o.coin.symbol,
    side: o.side,
    position_type: o.marginMode,
    order_type: o.orderType,
    leverage: o.leverage,
    reduce_only: o.reduceOnly,
    price: o.orderPrice,
    amount: o.orderQty.toFixed(),
    filled_amount: o.filled.toFixed(),
    held: o.orderOpen && o.hold ? money(o.hold.left) : '0',
    take_profit: o.takeProfit,
    stop_loss: o.stopLoss,
    status: o.status,
    open: o.orderOpen,
    created_at: o.createdAt.toISOString(),
  };
}

/** A closed position's row as the database has it. */
export interface ClosedPositionRow {
  id: string;
  inst_id: string;
  symbol: string;
  side: 'long' | 'short';
  margin_mode: 'isolated' | 'cross';
  leverage: number;
  opened_qty: string;
  opened_cost: string;
  fee: string;
  funding: string;
  realized_pnl: string;
  status: 'closed' | 'liquidated';
  close_price: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
}

export function toClosedPosition(r: ClosedPositionRow): FuturesClosedPosition {
  const size = new Dec(r.opened_qty);
  const realized = new Dec(r.realized_pnl);
  const fee = new Dec(r.fee);
  const funding = new Dec(r.funding);
  return {
    position_id: r.id,
    inst_id: r.inst_id,
    symbol: r.symbol,
    side: r.side,
    position_type: r.margin_mode,
    leverage: r.leverage,
    size: size.toFixed(),
    entry_price: size.gt(0) ? new Dec(r.opened_cost).div(size).toDecimalPlaces(PRICE_DECIMALS).toFixed() : null,
    exit_price: trim(r.close_price),
    realized_pnl: money(realized),
    fee: money(fee),
    funding: money(funding),
    net_pnl: money(realized.minus(fee).minus(funding)),
    status: r.status,
    opened_at: new Date(r.created_at).toISOString(),
    closed_at: r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
  };
}

export interface FundingPaymentDbRow {
  id: string;
  position_id: string;
  inst_id: string;
  symbol: string;
  side: 'long' | 'short';
  funding_time: string;
  rate: string;
  mark: string;
  qty: string;
  amount: string;
}

export function toFundingPayment(r: FundingPaymentDbRow): FuturesFundingPayment {
  return {
    id: r.id,
    position_id: r.position_id,
    inst_id: r.inst_id,
    symbol: r.symbol,
    side: r.side,
    funding_time: Number(r.funding_time),
    rate: new Dec(r.rate).toFixed(),
    mark_price: new Dec(r.mark).toDecimalPlaces(PRICE_DECIMALS).toFixed(),
    size: new Dec(r.qty).toFixed(),
    amount: money(new Dec(r.amount)),
  };
}
