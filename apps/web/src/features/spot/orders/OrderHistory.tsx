import { useState } from 'react';
import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { SPOT_ORDER_HISTORY_PAGE_SIZE, spotMessages, type OrderSide } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useContractText } from '../../../shared/i18n/contractText';
import type { OrdersState } from '../data/useOrders';
import { ORDER_COLUMNS, OrderRow } from './OrderRow';
import { Pager } from '../../../shared/trading/Pager';
import { showingText } from '../../../shared/trading/pager';

type Filter = 'all' | OrderSide;
const FILTERS: { value: Filter; label: MessageDescriptor }[] = [
  { value: 'all', label: msg`All` },
  { value: 'buy', label: msg`Buy` },
  { value: 'sell', label: msg`Sell` },
];

/** Every order of the user, newest first, filtered by side and paged by 10 (spec 1 §4, §9). */
export function OrderHistory({ orders }: { orders: OrdersState }) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const rows = filter === 'all' ? orders.rows : orders.rows.filter((row) => row.order_type === filter);
  const size = SPOT_ORDER_HISTORY_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, lastPage);
  const visible = rows.slice((current - 1) * size, current * size);

  return (
    <div className="spot-orders">
      <div className="spot-orders__bar">
        <div className="spot-orders__filters" role="group" aria-label={t`Side filter`}>
          {FILTERS.map((item) => (
            <button
              key={item.value}
              type="button"
              className={clsx('spot-chip', filter === item.value && 'is-active')}
              aria-pressed={filter === item.value}
              onClick={() => {
                setFilter(item.value);
                setPage(1);
              }}
            >
              {i18n._(item.label)}
            </button>
          ))}
        </div>
        <button type="button" className="spot-orders__refresh" onClick={orders.reload} aria-label={t`Refresh order history`} disabled={orders.loading}>
          <RefreshCw size={14} aria-hidden className={clsx(orders.loading && 'is-spinning')} />
        </button>
      </div>
      {orders.failed ? (
        <p className="spot-orders__state down" role="alert">
          {contractText(spotMessages.historyFailed)}
        </p>
      ) : orders.loading && orders.rows.length === 0 ? (
        <p className="spot-orders__state muted" role="status">
          <Trans>Loading order history...</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="spot-orders__state muted">{contractText(spotMessages.historyEmpty)}</p>
      ) : (
        <>
          <div className="spot-table__wrap">
            <table className="spot-table">
              <thead>
                <tr>
                  {ORDER_COLUMNS.map((column) => (
                    <th key={column.id}>{i18n._(column)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {visible.map((order) => (
                  <OrderRow key={order.order_id} order={order} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="spot-orders__foot">
            <span className="muted">{i18n._(showingText(current, size, rows.length))}</span>
            <Pager page={current} total={rows.length} size={size} onPage={setPage} label={t`Order history pages`} />
          </div>
        </>
      )}
    </div>
  );
}
