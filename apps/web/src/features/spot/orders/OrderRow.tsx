import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { OrderHistoryRow, OrderStatus } from '@exchange/contract';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { orderFigures } from './orderFigures';

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

export const ORDER_COLUMNS = ['Date', 'Pair', 'Side', 'Type', 'Price', 'Amount', 'Filled', 'Avg. price', 'Total', 'Fee', 'Status'] as const;
type Column = (typeof ORDER_COLUMNS)[number];

/**
 * One order, the limit price and what was actually paid side by side. Each cell carries its
 * column name, which a phone shows as the label when the row becomes a card.
 */
export function OrderRow({ order, action }: { order: OrderHistoryRow; action?: ReactNode }) {
  const figures = orderFigures(order);
  const cell = (column: Column, content: ReactNode, className?: string) => (
    <td data-label={column} className={className}>
      {content}
    </td>
  );
  return (
    <tr>
      {cell('Date', formatDate(order.date), 'spot-table__date')}
      {cell(
        'Pair',
        <span className="spot-table__coin">
          <CoinLogo symbol={order.symbol} src={order.logo_path} size={18} />
          {order.symbol}/USDT
        </span>,
        'spot-table__pair',
      )}
      {cell('Side', order.order_type === 'buy' ? 'Buy' : 'Sell', order.order_type === 'buy' ? 'up' : 'down')}
      {cell('Type', order.excecution_type, 'spot-table__type')}
      {cell('Price', figures.price)}
      {cell('Amount', figures.amount)}
      {cell('Filled', figures.filled)}
      {cell('Avg. price', figures.averagePrice)}
      {cell('Total', figures.total)}
      {cell('Fee', figures.fee)}
      {cell('Status', <StatusBadge status={order.status} />, 'spot-table__status')}
      {action !== undefined && <td className="spot-table__action">{action}</td>}
    </tr>
  );
}
