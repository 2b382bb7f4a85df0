import { useState } from 'react';
import { spotMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../shared/api/http';
import { useContractText } from '../../../shared/i18n/contractText';
import { cancelOrder } from '../api/spotApi';
import type { OrdersState } from '../data/useOrders';
import { ORDER_COLUMNS, OrderRow } from './OrderRow';

/** The user's pending and partially filled orders, each with Cancel. */
export function OpenOrders({ orders, onChanged }: { orders: OrdersState; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
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
        {contractText(spotMessages.historyFailed)}
      </p>
    );
  }
  if (orders.loading && orders.rows.length === 0) {
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading open orders...</Trans>
      </p>
    );
  }
  if (orders.rows.length === 0)
    return (
      <p className="spot-orders__state muted">
        <Trans>No open orders</Trans>
      </p>
    );
  return (
    <div className="spot-orders">
      {error && (
        <p className="spot-orders__error" role="alert">
          {contractText(error)}
        </p>
      )}
      <div className="spot-table__wrap">
        <table className="spot-table">
          <thead>
            <tr>
              {ORDER_COLUMNS.map((column) => (
                <th key={column.id}>{i18n._(column)}</th>
              ))}
              <th>
                <Trans>Action</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.rows.map((order) => {
              const orderId = order.order_id;
              return (
                <OrderRow
                  key={orderId}
                  order={order}
                  action={
                    <button
                      type="button"
                      className="spot-cancel"
                      disabled={canceling === orderId}
                      aria-label={t`Cancel order ${orderId}`}
                      onClick={() => void cancel(orderId)}
                    >
                      {canceling === orderId ? <Trans>Canceling...</Trans> : <Trans>Cancel</Trans>}
                    </button>
                  }
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
