import type { EarnProduct } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { formatPercent } from '../../../shared/format/balance';
import { aprPercent } from '../model/earnMath';
import { TableState } from './TableState';
import { TokenCell } from './TokenCell';
import { useTermLabel } from './useTermLabel';

interface ProductsTableProps {
  products: EarnProduct[];
  status: AsyncStatus;
  onRetry: () => void;
  onSubscribe: (product: EarnProduct) => void;
}

/** Simple Earn's table (spec 3 §2): Token, Market APR, Term, Action; one row per product. */
export function ProductsTable({ products, status, onRetry, onSubscribe }: ProductsTableProps) {
  const { t } = useLingui();
  const termLabel = useTermLabel();
  return (
    <table className="earn-table">
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
        <TableState status={status} empty={products.length === 0} columns={4} onRetry={onRetry} />
        {status !== 'error' &&
          products.map((p) => {
            const term = termLabel(p);
            const symbol = p.symbol;
            return (
              <tr key={p.id}>
                <td>
                  <TokenCell symbol={p.symbol} name={p.name} logo={p.logo_path} />
                </td>
                <td className="num earn-apr">{formatPercent(aprPercent(p.apr))}</td>
                <td>
                  <span className={p.term === 'flexible' ? 'earn-term earn-term--flexible' : 'earn-term'}>{term}</span>
                </td>
                <td className="num">
                  <button type="button" className="btn btn-primary btn-sm" aria-label={t`Subscribe to ${symbol} ${term}`} onClick={() => onSubscribe(p)}>
                    <Trans>Subscribe</Trans>
                  </button>
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}
