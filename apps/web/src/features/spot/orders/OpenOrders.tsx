import { useState } from 'react';
import { spotMessages } from '@exchange/contract';
import { errorMessage } from '../../../shared/api/http';
import { cancelOrder } from '../api/spotApi';
import type { OrdersState } from '../data/useOrders';
import { ORDER_COLUMNS, OrderRow } from './OrderRow';

/** The user's pending and partially filled orders, each with Cancel. */
export function OpenOrders({ orders, onChanged }: { orders: OrdersState; onChanged: () => void }) {
  const [canceling, setCanceling] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function cancel(orderId: string) {
    setCanceling(orderId);
    setError(null);
    try {
      await cancelOrder(orderId);
    } catch (failure) {
      setError(errorMessage(failure, spotMessages.unexpected));
    } finally {
      setCanceling(null);
      onChanged();
    }
  }

  if (orders.failed) {
    return (
      <p className="spot-orders__state down" role="alert">
        {spotMessages.historyFailed}
      </p>
    );
  }
  if (orders.loading && orders.rows.length === 0) {
    return (
      <p className="spot-orders__state muted" role="status">
        Loading open orders...
      </p>
    );
  }
  if (orders.rows.length === 0) return <p className="spot-orders__state muted">No open orders</p>;
  return (
    <div className="spot-orders">
      {error && (
        <p className="spot-orders__error" role="alert">
          {error}
        </p>
      )}
      <div className="spot-table__wrap">
        <table className="spot-table">
          <thead>
            <tr>
              {ORDER_COLUMNS.map((column) => (
                <th key={column}>{column}</th>
              ))}
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.rows.map((order) => (
              <OrderRow
                key={order.order_id}
                order={order}
                action={
                  <button
                    type="button"
                    className="spot-cancel"
                    disabled={canceling === order.order_id}
                    aria-label={`Cancel order ${order.order_id}`}
                    onClick={() => void cancel(order.order_id)}
                  >
                    {canceling === order.order_id ? 'Canceling...' : 'Cancel'}
                  </button>
                }
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
