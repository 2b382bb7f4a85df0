import { Fragment } from 'react';
import { Link } from 'react-router';
import type { EarnProduct } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { formatPercent } from '../../../shared/format/balance';
import { aprPercent, aprRange } from '../model/earnMath';
import { groupByCoin, type CoinGroup } from '../model/terms';
import { TableState } from './TableState';
import { TokenCell } from './TokenCell';

interface CoinGroupsTableProps {
  products: EarnProduct[];
  status: AsyncStatus;
  onRetry: () => void;
  /** Rows shown: spec 3 §7's overview list takes the first 15. */
  limit: number;
}

function AprCell({ group }: { group: CoinGroup }) {
  const { low, high } = aprRange(group.products.map((p) => p.apr));
  const lowText = formatPercent(aprPercent(low));
  const highText = formatPercent(aprPercent(high));
  return <>{low === high ? highText : `${lowText} – ${highText}`}</>;
}

/** "Flexible/Fixed" may break after its slash: a phone has no room for "Flexible/Fijo" beside the Subscribe button. */
function breakAfterSlash(text: string) {
  return text.split('/').map((part, i) => (i === 0 ? part : <Fragment key={i}>/<wbr />{part}</Fragment>));
}

/** The Earn overview's products table: one row per coin, its APR range and kinds of term. */
export function CoinGroupsTable({ products, status, onRetry, limit }: CoinGroupsTableProps) {
  const { t } = useLingui();
  const groups = groupByCoin(products).slice(0, limit);
  const termText = (group: CoinGroup) => (group.terms === 'both' ? t`Flexible/Fixed` : group.terms === 'flexible' ? t`Flexible` : t`Fixed`);
  return (
    <table className="earn-table earn-table--coins">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Token</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Market APR</Trans>
          </th>
          <th scope="col">
            <Trans>Term</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Action</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        <TableState status={status} empty={groups.length === 0} columns={4} onRetry={onRetry} />
        {status !== 'error' &&
          groups.map((group) => {
            const symbol = group.symbol;
            return (
              <tr key={symbol}>
                <td>
                  <TokenCell symbol={symbol} name={group.name} logo={group.logo} />
                </td>
                <td className="num earn-apr">
                  <AprCell group={group} />
                </td>
                <td>{breakAfterSlash(termText(group))}</td>
                <td className="num">
                  <Link to={`/earn/simple-earn?search=${encodeURIComponent(symbol)}`} className="btn btn-primary btn-sm" aria-label={t`Subscribe to ${symbol}`}>
                    <Trans>Subscribe</Trans>
                  </Link>
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}
