import clsx from 'clsx';
import type { FuturesFundingPayment } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateFormat } from '../../../shared/format/date';
import { formatExact, formatFixed, numberFormat } from '../../../shared/format/number';
import type { PagedState } from '../data/useFuturesLists';
import { ListStatus, LoadMore } from './ListStatus';

/** The Funding History tab (issue 41): what each position paid (below zero) or received at each funding time. */
export function FundingHistory({ list }: { list: PagedState<FuturesFundingPayment> }) {
  const { t } = useLingui();
  const when = dateFormat({ dateStyle: 'short', timeStyle: 'short' });
  const rate = numberFormat({ style: 'percent', minimumFractionDigits: 4, maximumFractionDigits: 4 });
  return (
    <ListStatus state={list} empty={<Trans>No funding payments yet</Trans>}>
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
                  <Trans>Funding time</Trans>
                </th>
                <th>
                  <Trans>Rate</Trans>
                </th>
                <th>
                  <Trans>Size</Trans>
                </th>
                <th>
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((f) => (
                <tr key={f.id}>
                  <td className="spot-table__pair">
                    <strong>{f.inst_id}</strong>
                  </td>
                  <td data-label={t`Side`} className={f.side === 'long' ? 'up' : 'down'}>
                    {f.side === 'long' ? t`Long` : t`Short`}
                  </td>
                  <td data-label={t`Funding time`}>{when.format(new Date(f.funding_time))}</td>
                  <td data-label={t`Rate`}>{rate.format(Number(f.rate))}</td>
                  <td data-label={t`Size`}>{formatExact(f.size)}</td>
                  <td data-label={t`Amount`} className={clsx(Number(f.amount) > 0 && 'up', Number(f.amount) < 0 && 'down')}>
                    {formatFixed(f.amount, 4)} USDT
                  </td>
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
