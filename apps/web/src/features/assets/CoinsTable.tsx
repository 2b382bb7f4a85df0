import { useState } from 'react';
import { assetsMessages as m } from '@exchange/contract';
import { Search } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../shared/market/CoinLogo';
import { useContractText } from '../../shared/i18n/contractText';
import { formatBalance, formatCurrency } from '../../shared/format/balance';
import { filterHoldings, type Holding } from './holdings';
import { Pagination } from './Pagination';
import { HeldList } from '../../shared/wallet/HeldList';
import { PAGE_SIZE, pageCount } from './pagination';

/** The Coins sub-tab: each coin's available, held (by what holds it) and total; search, Hide zero balance and 10 rows per page (spec 2 §2). */
export function CoinsTable({ holdings }: { holdings: Holding[] }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [query, setQuery] = useState('');
  const [hideZero, setHideZero] = useState(false);
  const [page, setPage] = useState(1);
  const rows = filterHoldings(holdings, query, hideZero);
  const current = Math.min(page, pageCount(rows.length));
  const visible = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  let empty: string | null = null;
  if (holdings.length === 0) empty = m.noAssets;
  else if (rows.length === 0) empty = query.trim() ? m.noMatch : m.noAssets;

  return (
    <div className="assets-coins">
      <div className="assets-coins__bar">
        <label className="assets-search">
          <Search size={16} aria-hidden />
          <span className="sr-only">
            <Trans>Search coins</Trans>
          </span>
          <input
            type="search"
            placeholder={t`Search coin`}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="assets-check">
          <input
            type="checkbox"
            checked={hideZero}
            onChange={(e) => {
              setHideZero(e.target.checked);
              setPage(1);
            }}
          />
          <Trans>Hide zero balance</Trans>
        </label>
      </div>
      {empty ? (
        <div className="wallet-state muted">{contractText(empty)}</div>
      ) : (
        <>
          <div className="wallet-scroll">
            <table className="wallet-table wallet-table--stack" aria-label={t`Coins`}>
              <thead>
                <tr>
                  <th>
                    <Trans>Coin</Trans>
                  </th>
                  <th className="num">
                    <Trans>Available</Trans>
                  </th>
                  <th className="num">
                    <Trans>In orders or held</Trans>
                  </th>
                  <th className="num">
                    <Trans>Total</Trans>
                  </th>
                  <th className="num">
                    <Trans>Value (USDT)</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {visible.map((h) => (
                  <tr key={h.asset.symbol} data-testid={`coin-row-${h.asset.symbol}`}>
                    <td className="wallet-table__lead">
                      <span className="assets-coin">
                        <CoinLogo symbol={h.asset.symbol} src={h.asset.logo_path} size={28} />
                        <span className="assets-coin__names">
                          <strong>{h.asset.symbol}</strong>
                          <span className="muted">{h.asset.name}</span>
                        </span>
                      </span>
                    </td>
                    <td data-label={t`Available`} className="num">{formatBalance(h.available)}</td>
                    <td data-label={t`In orders or held`} className="num">
                      <HeldList held={h.held} format={formatBalance} />
                    </td>
                    <td data-label={t`Total`} className="num">{formatBalance(h.total)}</td>
                    <td data-label={t`Value (USDT)`} className="num">{formatCurrency(h.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={current} total={rows.length} onPage={setPage} />
        </>
      )}
    </div>
  );
}
