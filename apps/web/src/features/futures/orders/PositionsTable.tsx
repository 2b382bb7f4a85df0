import { useState } from 'react';
import clsx from 'clsx';
import { FUTURES_ORDER_HISTORY_PAGE_SIZE, futuresMessages, type FuturesContract, type FuturesPositionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatExact, formatFixed } from '../../../shared/format/number';
import { useContractText } from '../../../shared/i18n/contractText';
import { Pager } from '../../../shared/trading/Pager';
import { showingText } from '../../../shared/trading/pager';
import type { PositionsState } from '../data/usePositions';
import { closable, positionFigures } from './positionFigures';

const STATUS_LABEL: Record<FuturesPositionRow['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  active: msg`Active`,
  closed: msg`Closed`,
  liquidated: msg`Liquidated`,
  canceled: msg`Canceled`,
};

const COLUMNS = {
  coin: msg`Coin`,
  side: msg`Side`,
  leverage: msg`Leverage`,
  type: msg`Type`,
  entry: msg`Entry Price`,
  amount: msg`Amount`,
  margin: msg`Margin`,
  liquidation: msg`Liq. Price`,
  mark: msg`Mark price`,
  pnl: msg`Unrealized PnL`,
  return: msg`Return`,
  ratio: msg`Margin Ratio`,
  status: msg`Status`,
  action: msg`Action`,
} satisfies Record<string, MessageDescriptor>;
type Column = keyof typeof COLUMNS;

interface PositionsTableProps {
  positions: PositionsState;
  contracts: readonly FuturesContract[];
  onClose: (row: FuturesPositionRow) => void;
}

/** The Order History tab (spec 2 §2-4): every position and order, newest first, 10 a page, open rows live. */
export function PositionsTable({ positions, contracts, onClose }: PositionsTableProps) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  const [page, setPage] = useState(1);
  const { rows } = positions;
  const size = FUTURES_ORDER_HISTORY_PAGE_SIZE;
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / size)));

  if (positions.failed)
    return (
      <p className="spot-orders__state down" role="alert">
        {contractText(futuresMessages.historyFailed)}
      </p>
    );
  if (positions.loading)
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading order history...</Trans>
      </p>
    );
  if (rows.length === 0)
    return (
      <p className="spot-orders__state muted">
        <Trans>No positions yet</Trans>
      </p>
    );

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
            {rows.slice((current - 1) * size, current * size).map((row) => {
              const figures = positionFigures(row, contracts);
              const tone = figures.pnl > 0 ? 'up' : figures.pnl < 0 ? 'down' : undefined;
              const label = (column: Column) => i18n._(COLUMNS[column]);
              const side = row.side === 'long' ? t`Long` : t`Short`;
              const id = row.future_id;
              return (
                <tr key={row.future_id} data-testid={`position-${row.future_id}`}>
                  <td className="spot-table__pair" data-label={label('coin')}>
                    <span className="spot-table__coin">
                      <CoinLogo symbol={row.coin} src={row.logo_path} size={18} />
                      <strong>{row.symbol}</strong>
                    </span>
                  </td>
                  <td data-label={label('side')} className={row.side === 'long' ? 'up' : 'down'}>
                    {side}
                  </td>
                  <td data-label={label('leverage')}>{`${row.leverage}x`}</td>
                  <td data-label={label('type')}>
                    {row.position_type === 'isolated' ? t`Isolated` : t`Cross`} · {row.order_type === 'limit' ? t`Limit` : t`Market`}
                  </td>
                  <td data-label={label('entry')}>{formatFixed(row.entry_price, 2)}</td>
                  <td data-label={label('amount')}>{formatExact(row.amount)}</td>
                  <td data-label={label('margin')}>{formatFixed(row.margin, 5)}</td>
                  <td data-label={label('liquidation')}>{row.liquidation_price === null ? '--' : formatFixed(row.liquidation_price, 2)}</td>
                  <td data-label={label('mark')} data-testid="position-mark">
                    {figures.mark === null ? '--' : formatFixed(figures.mark, 2)}
                  </td>
                  <td data-label={label('pnl')} className={tone} data-testid="position-pnl">
                    {formatFixed(figures.pnl, 2)} USDT
                  </td>
                  <td data-label={label('return')} className={tone}>
                    {formatFixed(figures.returnPercent, 2)}%
                  </td>
                  <td data-label={label('ratio')}>
                    {figures.marginRatio !== null && Number.isFinite(figures.marginRatio) ? `${formatFixed(figures.marginRatio * 100, 2)}%` : '--'}
                  </td>
                  <td className="spot-table__status" data-label={label('status')}>
                    <span className={clsx('fut-status', `is-${row.status}`)} data-testid="position-status">
                      {i18n._(STATUS_LABEL[row.status])}
                    </span>
                  </td>
                  <td className="spot-table__action" data-label={label('action')}>
                    {closable(row) && (
                      <button type="button" className="spot-cancel" onClick={() => onClose(row)} aria-label={t`Close position ${id}`}>
                        <Trans>Close</Trans>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="spot-orders__foot">
        <span className="muted">{i18n._(showingText(current, size, rows.length))}</span>
        <Pager page={current} total={rows.length} size={size} onPage={setPage} label={t`Order history pages`} />
      </div>
    </div>
  );
}
