import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { OrderHistoryRow, OrderStatus } from '@exchange/contract';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatAmount, formatFixed } from '../../../shared/format/number';

const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'is-pending',
  'partially filled': 'is-partial',
  filled: 'is-filled',
  canceled: 'is-canceled',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={clsx('spot-status', STATUS_CLASS[status])}>{status}</span>;
}

function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export const ORDER_COLUMNS = ['Date', 'Pair', 'Side', 'Type', 'Price', 'Amount', 'Filled', 'Total', 'Status'];

/** One order: prices 2 decimals, amounts 5, totals 5 (spec 1 §9); `action` adds a trailing cell. */
export function OrderRow({ order, action }: { order: OrderHistoryRow; action?: ReactNode }) {
  return (
    <tr>
      <td>{formatDate(order.date)}</td>
      <td>
        <span className="spot-table__coin">
          <CoinLogo symbol={order.symbol} src={order.logo_path} size={18} />
          {order.symbol}/USDT
        </span>
      </td>
      <td className={order.order_type === 'buy' ? 'up' : 'down'}>{order.order_type === 'buy' ? 'Buy' : 'Sell'}</td>
      <td className="spot-table__type">{order.excecution_type}</td>
      <td>{order.excecution_type === 'market' && order.average_price ? formatFixed(order.average_price, 2) : formatFixed(order.price, 2)}</td>
      <td>{formatAmount(order.amount)}</td>
      <td>{formatAmount(order.filled_amount)}</td>
      <td>{formatAmount(order.account_balance)}</td>
      <td>
        <StatusBadge status={order.status} />
      </td>
      {action !== undefined && <td>{action}</td>}
    </tr>
  );
}
