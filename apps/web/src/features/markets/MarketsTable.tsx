import { useState } from 'react';
import { marketMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../shared/market/coin';
import type { CoinsStatus } from '../../shared/market/useCoins';
import { useContractText } from '../../shared/i18n/contractText';
import { MarketRow } from './MarketRow';
import { SortHeader } from './SortHeader';
import { nextSort, sortCoins, type SortState } from './sortCoins';

interface MarketsTableProps {
  coins: Coin[];
  status: CoinsStatus;
  query: string;
  onRetry: () => void;
}

function NoMatch({ query }: { query: string }) {
  return (
    <span role="status">
      <Trans>No coins found matching "{query}"</Trans>
    </span>
  );
}

export function MarketsTable({ coins, status, query, onRetry }: MarketsTableProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = sortCoins(coins, sort);
  const onSort = (key: SortState['key']) => setSort((current) => nextSort(current, key));

  let message: React.ReactNode = null;
  if (status === 'loading') message = <span role="status">{contractText(marketMessages.loadingCoins)}</span>;
  else if (status === 'error')
    message = (
      <span role="alert" className="markets-error">
        <span className="down">{contractText(marketMessages.fetchCoinsFailed)}</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </span>
    );
  else if (status === 'empty') message = <span role="status">{contractText(marketMessages.noCoins)}</span>;
  else if (rows.length === 0) message = <NoMatch query={query.trim()} />;

  return (
    <table className="markets-table">
      <thead>
        <tr>
          <SortHeader label={t`Pair`} sortKey="pair" sort={sort} onSort={onSort} />
          <SortHeader label={t`Last Price`} sortKey="price" sort={sort} onSort={onSort} className="num" />
          <SortHeader label={t`24H Change`} sortKey="change" sort={sort} onSort={onSort} className="num" />
          <th scope="col" className="num markets-col-actions">
            <Trans>Actions</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {message ? (
          <tr>
            <td colSpan={4} className="markets-table__state">
              {message}
            </td>
          </tr>
        ) : (
          rows.map((coin) => <MarketRow key={coin.id} coin={coin} />)
        )}
      </tbody>
    </table>
  );
}
