import clsx from 'clsx';
import type { FuturesClosedPosition } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateFormat } from '../../../shared/format/date';
import { formatExact, formatFixed } from '../../../shared/format/number';
import type { PagedState } from '../data/useFuturesLists';
import { ListStatus, LoadMore } from './ListStatus';

const tone = (value: string) => clsx(Number(value) > 0 && 'up', Number(value) < 0 && 'down');

/** The Position History tab (issue 41): closed positions with the result, fees and funding apart. */
export function PositionHistory({ list }: { list: PagedState<FuturesClosedPosition> }) {
  const { t } = useLingui();
  const when = dateFormat({ dateStyle: 'short', timeStyle: 'short' });
  return (
    <ListStatus state={list} empty={<Trans>No closed positions yet</Trans>}>
      <div className="spot-orders">
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
                  <Trans>Size</Trans>
                </th>
                <th>
                  <Trans>Entry Price</Trans>
                </th>
                <th>
                  <Trans>Exit Price</Trans>
                </th>
                <th>
                  <Trans>Realized PnL</Trans>
                </th>
                <th>
                  <Trans>Fees</Trans>
                </th>
                <th>
                  <Trans>Funding</Trans>
                </th>
                <th>
                  <Trans>Net result</Trans>
                </th>
                <th>
                  <Trans>Opened</Trans>
                </th>
                <th>
                  <Trans>Closed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((p) => (
                <tr key={p.position_id} data-testid={`futures-closed-position-${p.position_id}`}>
                  <td className="spot-table__pair">
                    <strong>{p.inst_id}</strong>
                  </td>
                  <td data-label={t`Side`} className={p.side === 'long' ? 'up' : 'down'}>
                    {p.side === 'long' ? t`Long` : t`Short`} · {`${p.leverage}x`}
                    {p.status === 'liquidated' && ` · ${t`Liquidated`}`}
                  </td>
                  <td data-label={t`Size`}>{formatExact(p.size)}</td>
                  <td data-label={t`Entry Price`}>{p.entry_price === null ? '--' : formatFixed(p.entry_price, 2)}</td>
                  <td data-label={t`Exit Price`}>{p.exit_price === null ? '--' : formatFixed(p.exit_price, 2)}</td>
                  <td data-label={t`Realized PnL`} className={tone(p.realized_pnl)}>
                    {formatFixed(p.realized_pnl, 2)} USDT
                  </td>
                  <td data-label={t`Fees`}>{formatFixed(p.fee, 2)} USDT</td>
                  <td data-label={t`Funding`}>{formatFixed(-Number(p.funding), 2)} USDT</td>
                  <td data-label={t`Net result`} className={tone(p.net_pnl)} data-testid="futures-closed-net">
                    {formatFixed(p.net_pnl, 2)} USDT
                  </td>
                  <td data-label={t`Opened`}>{when.format(new Date(p.opened_at))}</td>
                  <td data-label={t`Closed`}>{p.closed_at === null ? '--' : when.format(new Date(p.closed_at))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore more={list.more} loading={list.loadingMore} onMore={list.loadMore} />
      </div>
    </ListStatus>
  );
}
