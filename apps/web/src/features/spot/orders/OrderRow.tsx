import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { ExecutionType, OrderHistoryRow, OrderStatus } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatLocale } from '../../../shared/format/locale';
import { orderFigures } from './orderFigures';

const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: 'is-pending',
  'partially filled': 'is-partial',
  filled: 'is-filled',
  canceled: 'is-canceled',
};

const STATUS_LABEL: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`pending`,
  'partially filled': msg`partially filled`,
  filled: msg`filled`,
  canceled: msg`canceled`,
};

const TYPE_LABEL: Record<ExecutionType, MessageDescriptor> = {
  limit: msg`limit`,
  market: msg`market`,
  'stop-limit': msg`stop-limit`,
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <span className={clsx('spot-status', STATUS_CLASS[status])}>{i18n._(STATUS_LABEL[status])}</span>;
}

function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(formatLocale(), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

const COLUMN_LABELS = {
  date: msg`Date`,
  pair: msg`Pair`,
  side: msg`Side`,
  type: msg`Type`,
  price: msg`Price`,
  amount: msg`Amount`,
  filled: msg`Filled`,
  averagePrice: msg`Avg. price`,
  total: msg`Total`,
  fee: msg`Fee`,
  status: msg`Status`,
} satisfies Record<string, MessageDescriptor>;
type Column = keyof typeof COLUMN_LABELS;

export const ORDER_COLUMNS: MessageDescriptor[] = Object.values(COLUMN_LABELS);

/**
 * One order, the limit price and what was actually paid side by side. Each cell carries its
 * column name, which a phone shows as the label when the row becomes a card.
 */
export function OrderRow({ order, action }: { order: OrderHistoryRow; action?: ReactNode }) {
  const { i18n } = useLingui();
  const figures = orderFigures(order);
  const cell = (column: Column, content: ReactNode, className?: string) => (
    <td data-label={i18n._(COLUMN_LABELS[column])} className={className}>
      {content}
    </td>
  );
  return (
    <tr>
      {cell('date', formatDate(order.date), 'spot-table__date')}
      {cell(
        'pair',
        <span className="spot-table__coin">
          <CoinLogo symbol={order.symbol} src={order.logo_path} size={18} />
          {order.symbol}/USDT
        </span>,
        'spot-table__pair',
      )}
      {cell('side', order.order_type === 'buy' ? <Trans>Buy</Trans> : <Trans>Sell</Trans>, order.order_type === 'buy' ? 'up' : 'down')}
      {cell('type', i18n._(TYPE_LABEL[order.excecution_type]), 'spot-table__type')}
      {cell('price', typeof figures.price === 'string' ? figures.price : i18n._(figures.price))}
      {cell('amount', figures.amount)}
      {cell('filled', figures.filled)}
      {cell('averagePrice', figures.averagePrice)}
      {cell('total', figures.total)}
      {cell('fee', figures.fee)}
      {cell('status', <StatusBadge status={order.status} />, 'spot-table__status')}
      {action !== undefined && <td className="spot-table__action">{action}</td>}
    </tr>
  );
}
