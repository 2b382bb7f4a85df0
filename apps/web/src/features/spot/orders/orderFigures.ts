import type { OrderHistoryRow } from '@exchange/contract';
import { formatAmount, numberFormat, toNumber } from '../../../shared/format/number';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatPrice } from '../../../shared/format/price';

/** Shown where an order has nothing to report yet (no fill, so no average, total or fee). */
export const NONE = '—';

/** An order's figures as the open orders and the history show them, each in its own column. */
export interface OrderFigures {
  /** The limit price the user asked for; a market order has none. */
  price: string | MessageDescriptor;
  amount: string;
  filled: string;
  /** Average fill price: what the filled part actually traded at. */
  averagePrice: string;
  /**
   * Quote actually paid (buy) or received (sell) for the filled part, from the fills; while a limit
   * order rests with nothing filled, what it would cost at its limit (price × amount).
   */
  total: string;
  fee: string;
}

function hasFill(order: OrderHistoryRow): boolean {
  return toNumber(order.filled_amount) > 0;
}

/** A limit or stop-limit order waiting with nothing filled: its Total is what it would cost, price × amount. */
function restsUnfilled(order: OrderHistoryRow): boolean {
  return order.excecution_type !== 'market' && order.status === 'pending';
}

/** Fees are small: a 0.001 BTC buy pays 0.000001 BTC, which 5 decimals would show as nothing. */
function formatFee(value: string): string {
  const n = toNumber(value);
  return numberFormat({ minimumFractionDigits: 0, maximumFractionDigits: 8 }).format(Number.isFinite(n) ? n : 0);
}

export function orderFigures(order: OrderHistoryRow): OrderFigures {
  const filled = hasFill(order);
  return {
    price: order.excecution_type === 'market' ? msg`Market` : formatPrice(order.price),
    amount: formatAmount(order.amount),
    filled: formatAmount(order.filled_amount),
    averagePrice: filled && order.average_price !== null ? formatPrice(order.average_price) : NONE,
    total: restsUnfilled(order) ? `${formatAmount(order.account_balance)} USDT` : filled ? `${formatAmount(order.total)} USDT` : NONE,
    fee: filled ? `${formatFee(order.fee)} ${order.fee_asset}` : NONE,
  };
}
