import { useState } from 'react';
import clsx from 'clsx';
import { futuresMessages, type FuturesContract, type FuturesPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatExact, formatFixed } from '../../../shared/format/number';
import { useContractText } from '../../../shared/i18n/contractText';
import { closePosition, placeFuturesOrder } from '../api/futuresApi';
import type { PositionListState } from '../data/usePositionList';
import { MarginDialog } from './MarginDialog';
import { TpslDialog } from './TpslDialog';

const COLUMNS = {
  coin: msg`Coin`,
  side: msg`Side`,
  leverage: msg`Leverage`,
  amount: msg`Amount`,
  entry: msg`Entry Price`,
  mark: msg`Mark price`,
  liquidation: msg`Liq. Price`,
  margin: msg`Margin`,
  pnl: msg`Unrealized PnL`,
  tpsl: msg`TP/SL`,
  realized: msg`Realized PnL`,
  exit: msg`Exit Price`,
  status: msg`Status`,
  action: msg`Action`,
} satisfies Record<string, MessageDescriptor>;
type Column = keyof typeof COLUMNS;

const STATUS: Record<FuturesPosition['status'], MessageDescriptor> = {
  active: msg`Active`,
  closed: msg`Closed`,
  liquidated: msg`Liquidated`,
};

/** Half of `amount` on the contract's lot grid, rounded down (zero when one lot is all there is). */
export function halfOnLots(amount: string, lot: string): string {
  const lots = Math.floor(Number(amount) / Number(lot) / 2);
  const decimals = lot.includes('.') ? (lot.split('.')[1] ?? '').length : 0;
  return (lots * Number(lot)).toFixed(decimals);
}

interface PositionListProps {
  uid: number;
  list: PositionListState;
  contracts: readonly FuturesContract[];
  /** USDT available in the futures wallet, when known: what the Margin dialog may add. */
  available?: string;
  /** A close went through: the list and the wallet are read again. */
  onChanged: () => void;
  onFailed: () => void;
  /** Opens the close dialog (market or limit, any part) on an open position. */
  onClose?: (position: FuturesPosition) => void;
}

/**
 * The Positions tab (issue 41): one row per position at its size-weighted entry, open ones with
 * their live figures and a close of half or all at market, closed ones with the realised profit
 * and the exit price, no mark.
 */
export function PositionList({ uid, list, contracts, available, onChanged, onFailed, onClose }: PositionListProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [busy, setBusy] = useState<string | null>(null);
  const [tool, setTool] = useState<{ kind: 'margin' | 'tpsl'; position: FuturesPosition } | null>(null);

  if (list.failed)
    return (
      <p className="spot-orders__state down" role="alert">
        {contractText(futuresMessages.historyFailed)}
      </p>
    );
  if (list.loading)
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading positions...</Trans>
      </p>
    );
  if (list.rows.length === 0)
    return (
      <p className="spot-orders__state muted">
        <Trans>No positions yet</Trans>
      </p>
    );

  async function close(p: FuturesPosition, half: string | null) {
    setBusy(p.position_id);
    try {
      if (half === null) {
        const answer = await closePosition(p.position_id);
        if (!answer.success) throw new Error(answer.message);
      } else {
        await placeFuturesOrder(
          { uid, symbol: p.inst_id, action: 'close', side: p.side, marginMode: p.position_type, orderType: 'market', leverage: p.leverage, price: '', amount: half },
          crypto.randomUUID(),
        );
      }
      onChanged();
    } catch {
      onFailed();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="spot-orders">
      <div className="spot-table__wrap">
        <table className="spot-table fut-table">
          <thead>
            <tr>
              {Object.entries(COLUMNS).map(([key, column]) => (
                <th key={key}>{i18n._(column)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((p) => {
              const label = (column: Column) => i18n._(COLUMNS[column]);
              const pnl = Number(p.unrealized_pnl);
              const realized = Number(p.realized_pnl);
              const lot = contracts.find((c) => c.inst_id === p.inst_id)?.lot_size ?? '0.001';
              const half = halfOnLots(p.amount, lot);
              const open = p.status === 'active';
              return (
                <tr key={p.position_id} data-testid={`futures-position-${p.position_id}`}>
                  <td data-label={label('coin')}>
                    <strong>{p.inst_id}</strong>
                  </td>
                  <td data-label={label('side')} className={p.side === 'long' ? 'up' : 'down'}>
                    {p.side === 'long' ? t`Long` : t`Short`}
                  </td>
                  <td data-label={label('leverage')}>
                    {`${p.leverage}x`} · {p.position_type === 'isolated' ? t`Isolated` : t`Cross`}
                  </td>
                  <td data-label={label('amount')} data-testid="futures-position-amount">
                    {formatExact(p.amount)}
                  </td>
                  <td data-label={label('entry')} data-testid="futures-position-entry">
                    {p.entry_price === null ? '--' : formatFixed(p.entry_price, 2)}
                  </td>
                  <td data-label={label('mark')}>{p.mark_price === null ? '--' : formatFixed(p.mark_price, 2)}</td>
                  <td data-label={label('liquidation')}>{p.liquidation_price === null ? '--' : formatFixed(p.liquidation_price, 2)}</td>
                  <td data-label={label('margin')} data-testid="futures-position-margin">
                    {formatFixed(p.margin, 2)}
                  </td>
                  <td data-label={label('pnl')} className={clsx(pnl > 0 && 'up', pnl < 0 && 'down')}>
                    {formatFixed(p.unrealized_pnl, 2)} USDT
                  </td>
                  <td data-label={label('tpsl')} data-testid="futures-position-tpsl">
                    {p.take_profit === null && p.stop_loss === null
                      ? '--'
                      : `${p.take_profit === null ? '--' : formatFixed(p.take_profit, 2)} / ${p.stop_loss === null ? '--' : formatFixed(p.stop_loss, 2)}`}
                  </td>
                  <td data-label={label('realized')} className={clsx(realized > 0 && 'up', realized < 0 && 'down')} data-testid="futures-position-realized">
                    {formatFixed(p.realized_pnl, 2)} USDT
                  </td>
                  <td data-label={label('exit')}>{open || p.close_price === null ? '--' : formatFixed(p.close_price, 2)}</td>
                  <td data-label={label('status')}>
                    <span className={clsx('fut-status', `is-${p.status}`)}>{i18n._(STATUS[p.status])}</span>
                  </td>
                  <td className="spot-table__action" data-label={label('action')}>
                    {open && (
                      <span className="fut-position__actions">
                        {onClose && (
                          <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => onClose(p)}>
                            <Trans>Close…</Trans>
                          </button>
                        )}
                        {p.position_type === 'isolated' && (
                          <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => setTool({ kind: 'margin', position: p })}>
                            <Trans>Margin</Trans>
                          </button>
                        )}
                        <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => setTool({ kind: 'tpsl', position: p })}>
                          <Trans>TP/SL</Trans>
                        </button>
                        {Number(half) > 0 && (
                          <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => void close(p, half)}>
                            <Trans>Close 50%</Trans>
                          </button>
                        )}
                        <button type="button" className="spot-cancel" disabled={busy !== null} onClick={() => void close(p, null)}>
                          <Trans>Close all</Trans>
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {tool?.kind === 'margin' && <MarginDialog position={tool.position} available={available} onDismiss={() => setTool(null)} onChanged={onChanged} />}
      {tool?.kind === 'tpsl' && <TpslDialog position={tool.position} onDismiss={() => setTool(null)} onChanged={onChanged} />}
    </div>
  );
}
