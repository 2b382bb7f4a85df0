import { useState } from 'react';
import { SPOT_ASSETS_PAGE_SIZE, spotMessages, type WalletEntry } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatAmount, formatFixed, toNumber } from '../../../shared/format/number';
import { fetchUserWallets } from '../../../shared/api/userWallets';
import { useAsync } from '../../../shared/hooks/useAsync';
import { scopes } from '../../../shared/query/keys';
import { useContractText } from '../../../shared/i18n/contractText';
import { Pager } from '../../../shared/trading/Pager';

/** Value in USDT of both spot and futures balances at the coin's price. */
function valueOf(row: WalletEntry): number {
  return (toNumber(row.spot_wallet) + toNumber(row.future_wallet)) * toNumber(row.price);
}

/**
 * The user's coins with spot and futures balances, 8 per page (spec 1 §9). The assets page's cached
 * answer, made stale by an order placed or canceled and by the private pushes; a failed refresh
 * keeps the rows on screen.
 */
export function AssetsTab({ uid }: { uid: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const wallets = useAsync(scopes.userWallets, String(uid), (signal) => fetchUserWallets(uid, signal));
  const [page, setPage] = useState(1);
  const rows: WalletEntry[] | undefined = wallets.data?.[0];

  if (!rows && wallets.status !== 'error') {
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading assets...</Trans>
      </p>
    );
  }
  if (!rows) {
    return (
      <p className="spot-orders__state down" role="alert">
        {contractText(spotMessages.assetsFailed)}
      </p>
    );
  }
  if (rows.length === 0) return <p className="spot-orders__state muted">{contractText(spotMessages.assetsEmpty)}</p>;
  const size = SPOT_ASSETS_PAGE_SIZE;
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / size)));
  return (
    <div className="spot-orders">
      <div className="spot-table__wrap">
        <table className="spot-table">
          <thead>
            <tr>
              <th>
                <Trans>Coin</Trans>
              </th>
              <th>
                <Trans>Spot</Trans>
              </th>
              <th>
                <Trans>Futures</Trans>
              </th>
              <th>
                <Trans>Value (USDT)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice((current - 1) * size, current * size).map((row) => (
              <tr key={row.wallet_id}>
                <td>
                  <span className="spot-table__coin">
                    <CoinLogo symbol={row.crypto_symbol} src={row.logo_path} size={18} />
                    <strong>{row.crypto_symbol}</strong>
                    <span className="muted">{row.crypto_name}</span>
                  </span>
                </td>
                <td>{formatAmount(row.spot_wallet)}</td>
                <td>{formatAmount(row.future_wallet)}</td>
                <td>{formatFixed(valueOf(row), 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="spot-orders__foot">
        <span />
        <Pager page={current} total={rows.length} size={size} onPage={setPage} label={t`Assets pages`} />
      </div>
    </div>
  );
}
