import { useEffect, useState } from 'react';
import { futuresMessages, type WalletEntry } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { formatFixed, toNumber } from '../../../shared/format/number';
import { fetchUserWallets } from '../../../shared/api/wallets';
import { useContractText } from '../../../shared/i18n/contractText';
import { Pager } from '../../../shared/trading/Pager';
import { BALANCE_DECIMALS } from '../form/futuresForm';

/** The trading page's Assets tab shows 8 coins a page (spec 2 §9). */
export const FUTURES_ASSETS_PAGE_SIZE = 8;

type AssetsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rows: WalletEntry[] };

/** The futures wallet's balances, 8 a page; USDT (the margin coin) first. */
export function FuturesAssets({ uid, refresh }: { uid: number; refresh: number }) {
  const { t } = useLingui();
  const contractText = useContractText();
  const [state, setState] = useState<AssetsState>({ status: 'loading' });
  const [page, setPage] = useState(1);

  useEffect(() => {
    const controller = new AbortController();
    fetchUserWallets(uid, controller.signal)
      .then(([rows]) => setState({ status: 'ready', rows: [...rows].sort((a, b) => Number(b.crypto_symbol === 'USDT') - Number(a.crypto_symbol === 'USDT')) }))
      .catch(() => {
        if (!controller.signal.aborted) setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      });
    return () => controller.abort();
  }, [uid, refresh]);

  if (state.status === 'loading')
    return (
      <p className="spot-orders__state muted" role="status">
        <Trans>Loading assets...</Trans>
      </p>
    );
  if (state.status === 'error')
    return (
      <p className="spot-orders__state down" role="alert">
        {contractText(futuresMessages.refreshBalanceFailed)}
      </p>
    );
  const size = FUTURES_ASSETS_PAGE_SIZE;
  const current = Math.min(page, Math.max(1, Math.ceil(state.rows.length / size)));
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
                <Trans>Futures balance</Trans>
              </th>
              <th>
                <Trans>Value (USDT)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.rows.slice((current - 1) * size, current * size).map((row) => (
              <tr key={row.wallet_id} data-testid={`futures-asset-${row.crypto_symbol}`}>
                <td className="spot-table__pair">
                  <span className="spot-table__coin">
                    <CoinLogo symbol={row.crypto_symbol} src={row.logo_path} size={18} />
                    <strong>{row.crypto_symbol}</strong>
                    <span className="muted">{row.crypto_name}</span>
                  </span>
                </td>
                <td data-label={t`Futures balance`} data-testid="futures-asset-balance">
                  {formatFixed(row.future_wallet, BALANCE_DECIMALS)}
                </td>
                <td data-label={t`Value (USDT)`}>{formatFixed(toNumber(row.future_wallet) * toNumber(row.price), 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="spot-orders__foot">
        <span />
        <Pager page={current} total={state.rows.length} size={size} onPage={setPage} label={t`Assets pages`} />
      </div>
    </div>
  );
}
