import { useState } from 'react';
import type { FuturesOpenOrder } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateFormat } from '../../../shared/format/date';
import { formatExact, formatFixed } from '../../../shared/format/number';
import { Modal } from '../../../shared/ui/Modal';
import { cancelAllFuturesOrders, cancelFuturesOrder } from '../api/futuresListsApi';
import type { ListState } from '../data/useFuturesLists';
import { ListStatus } from './ListStatus';

interface OpenOrdersProps {
  list: ListState<FuturesOpenOrder>;
  /** An order was canceled: the lists and the wallet are read again. */
  onChanged: () => void;
  onFailed: () => void;
  cancelOne?: typeof cancelFuturesOrder;
  cancelAll?: typeof cancelAllFuturesOrders;
}

/** The Open Orders tab (issue 41): the user's resting orders, each with its cancel, and cancel all behind a confirmation. */
export function OpenOrders({ list, onChanged, onFailed, cancelOne = cancelFuturesOrder, cancelAll = cancelAllFuturesOrders }: OpenOrdersProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const when = dateFormat({ dateStyle: 'short', timeStyle: 'short' });

  async function run(id: string, action: () => Promise<unknown>) {
    setBusy(id);
    try {
      await action();
      onChanged();
    } catch {
      onFailed();
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <ListStatus state={list} empty={<Trans>No open orders</Trans>}>
      <div className="spot-orders">
        <div className="spot-orders__bar">
          <span className="muted">
            <Trans>{list.rows.length} open</Trans>
          </span>
          <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => setConfirming(true)}>
            <Trans>Cancel all</Trans>
          </button>
        </div>
        <div className="spot-table__wrap">
          <table className="spot-table fut-table">
            <thead>
              <tr>
                <th>
                  <Trans>Contract</Trans>
                </th>
                <th>
                  <Trans>Side</Trans>
                </th>
                <th>
                  <Trans>Type</Trans>
                </th>
                <th>
                  <Trans>Price</Trans>
                </th>
                <th>
                  <Trans>Amount</Trans>
                </th>
                <th>
                  <Trans>Filled</Trans>
                </th>
                <th>
                  <Trans>Held</Trans>
                </th>
                <th>
                  <Trans>Time</Trans>
                </th>
                <th>
                  <Trans>Action</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((o) => (
                <tr key={o.order_id} data-testid={`futures-open-order-${o.order_id}`}>
                  <td className="spot-table__pair">
                    <strong>{o.inst_id}</strong>
                  </td>
                  <td data-label={t`Side`} className={(o.side === 'long') !== o.reduce_only ? 'up' : 'down'}>
                    {o.reduce_only ? (o.side === 'long' ? t`Close long` : t`Close short`) : o.side === 'long' ? t`Open long` : t`Open short`}
                  </td>
                  <td data-label={t`Type`}>{o.order_type === 'limit' ? t`Limit` : t`Market`}</td>
                  <td data-label={t`Price`}>{o.price === null ? t`Market` : formatFixed(o.price, 2)}</td>
                  <td data-label={t`Amount`}>{formatExact(o.amount)}</td>
                  <td data-label={t`Filled`}>{formatExact(o.filled_amount)}</td>
                  <td data-label={t`Held`}>{formatFixed(o.held, 2)} USDT</td>
                  <td data-label={t`Time`}>{when.format(new Date(o.created_at))}</td>
                  <td className="spot-table__action">
                    <button
                      type="button"
                      className="spot-cancel"
                      disabled={busy !== null}
                      aria-label={t`Cancel order ${o.order_id}`}
                      onClick={() => void run(o.order_id, () => cancelOne(o.order_id))}
                    >
                      <Trans>Cancel</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Modal open={confirming} onOpenChange={(open) => !open && busy === null && setConfirming(false)} title={t`Cancel all open orders?`} className="fut-close">
          <p className="muted fut-close__ask">
            <Trans>Every open futures order is canceled; what they hold goes back to your futures wallet. Positions stay open.</Trans>
          </p>
          <div className="fut-close__buttons">
            <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => setConfirming(false)}>
              <Trans>Keep orders</Trans>
            </button>
            <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void run('all', cancelAll)}>
              {busy === 'all' ? t`Processing...` : t`Cancel all`}
            </button>
          </div>
        </Modal>
      </div>
    </ListStatus>
  );
}
