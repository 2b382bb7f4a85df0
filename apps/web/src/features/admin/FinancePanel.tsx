import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LedgerCheckResult } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatBalance } from '../../shared/format/balance';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { fetchFinance, runLedgerCheck } from './api';

function LedgerCheck({ last, canCheck }: { last: LedgerCheckResult | null; canCheck: boolean }) {
  const { t } = useLingui();
  const [result, setResult] = useState<LedgerCheckResult | null>(last);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult((await runLedgerCheck()).result);
    } catch (err) {
      setError(errorMessage(err, t`The ledger check could not run.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="admin-row">
        <h3 className="admin-subtitle">
          <Trans>Ledger check</Trans>
        </h3>
        {canCheck && (
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void run()}>
            {busy ? t`Checking…` : t`Run ledger check`}
          </button>
        )}
      </div>
      {result === null ? (
        <p className="muted">
          <Trans>No ledger check has run from the console yet.</Trans>
        </p>
      ) : (
        <div role="status">
          <p className={result.ok ? 'admin-ok' : 'admin-error'}>
            {result.ok ? t`Ledger OK: every invariant holds.` : t`${result.breach_count} breach(es) found.`}{' '}
            <span className="muted">{t`Run ${formatDateTime(result.at)} by ${result.operator}`}</span>
          </p>
          {result.breaches.length > 0 && (
            <ul className="admin-list">
              {result.breaches.map((b, i) => (
                <li key={i}>
                  <strong>{b.rule}</strong>
                  <span>{b.detail}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The dashboard's money (treasury and admin): the day's markets, the system accounts, the hot wallets, the ledger check. */
export function FinancePanel({ canCheck }: { canCheck: boolean }) {
  const { t } = useLingui();
  const finance = useAsync('admin-finance', 'now', (signal) => fetchFinance(signal));
  const data = finance.data;
  return (
    <section className="card wallet-card" aria-labelledby="admin-finance">
      <h2 id="admin-finance" className="wallet-card__title">
        <Trans>Money</Trans>
      </h2>
      <LoadState
        status={finance.status}
        loadingLabel={t`Loading the figures`}
        error={<span>{errorMessage(finance.error, t`The figures could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={finance.reload}
      />
      {finance.status === 'ready' && data && (
        <>
          <h3 className="admin-subtitle">
            <Trans>Last 24 hours by market</Trans>
          </h3>
          {data.markets.length === 0 ? (
            <p className="muted">
              <Trans>No trades in the last 24 hours.</Trans>
            </p>
          ) : (
            <div className="wallet-scroll">
              <table className="wallet-table wallet-table--stack">
                <thead>
                  <tr>
                    <th scope="col">{t`Product`}</th>
                    <th scope="col">{t`Market`}</th>
                    <th scope="col" className="num">{t`Trades`}</th>
                    <th scope="col" className="num">{t`Volume`}</th>
                    <th scope="col" className="num">{t`Fees`}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.markets.map((m) => (
                    <tr key={`${m.product}-${m.market}`}>
                      <td data-label={t`Product`}>{m.product}</td>
                      <td data-label={t`Market`}>{m.market}</td>
                      <td data-label={t`Trades`} className="num">{m.trades}</td>
                      <td data-label={t`Volume`} className="num">{`${formatBalance(m.volume)} ${m.volume_asset}`}</td>
                      <td data-label={t`Fees`} className="num">{m.fees.length === 0 ? '—' : m.fees.map((f) => `${formatBalance(f.amount)} ${f.asset}`).join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3 className="admin-subtitle">
            <Trans>System accounts (fees, insurance fund, convert desk)</Trans>
          </h3>
          {data.system_accounts.length === 0 ? (
            <p className="muted">
              <Trans>Every system account is at zero.</Trans>
            </p>
          ) : (
          <div className="wallet-scroll">
            <table className="wallet-table wallet-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t`Account`}</th>
                  <th scope="col">{t`Wallet`}</th>
                  <th scope="col" className="num">{t`Balance`}</th>
                </tr>
              </thead>
              <tbody>
                {data.system_accounts.map((a) => (
                  <tr key={`${a.owner}-${a.wallet}-${a.asset}`}>
                    <td data-label={t`Account`}>{a.owner}</td>
                    <td data-label={t`Wallet`}>{a.wallet}</td>
                    <td data-label={t`Balance`} className="num">{`${formatBalance(a.balance)} ${a.asset}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          )}
          <h3 className="admin-subtitle">
            <Trans>Hot wallets against what users are owed</Trans>
          </h3>
          <div className="wallet-scroll">
            <table className="wallet-table wallet-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t`Coin`}</th>
                  <th scope="col" className="num">{t`Owed to users`}</th>
                  <th scope="col" className="num">{t`On chain`}</th>
                  <th scope="col">{t`Per network`}</th>
                </tr>
              </thead>
              <tbody>
                {data.owed.map((o) => (
                  <tr key={o.asset}>
                    <td data-label={t`Coin`}>{o.asset}</td>
                    <td data-label={t`Owed to users`} className="num">{formatBalance(o.owed)}</td>
                    <td data-label={t`On chain`} className="num">{formatBalance(o.on_chain)}</td>
                    <td data-label={t`Per network`}>
                      {data.hot_wallets
                        .filter((w) => w.asset === o.asset)
                        .map((w) => `${w.network}: ${formatBalance(w.balance)}`)
                        .join(', ') || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LedgerCheck last={data.last_check} canCheck={canCheck} />
        </>
      )}
    </section>
  );
}
