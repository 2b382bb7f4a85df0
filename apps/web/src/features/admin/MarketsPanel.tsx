import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPERATOR_REASON_MAX, type AdminMarketRow } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { actOnMarket, fetchMarkets, type MarketAction } from './api';

interface Pending {
  market: AdminMarketRow;
  action: MarketAction;
}

/** An administrator's halt or resume of one market, with the reason the audit log keeps. */
function MarketActionForm({ pending, onDone, onCancel }: { pending: Pending; onDone: (message: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { market, action } = pending;
  const label = action === 'halt' ? t`Halt ${market.inst_id}` : t`Resume ${market.inst_id}`;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onDone((await actOnMarket(market.inst_id, action, { reason: reason.trim() })).message);
    } catch (err) {
      setError(errorMessage(err, t`The action could not be done.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-form admin-form--grid" aria-label={label} onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor="admin-market-reason">{t`Reason`}</label>
      <div className="admin-field">
        <textarea id="admin-market-reason" required maxLength={OPERATOR_REASON_MAX} rows={3} value={reason} aria-describedby="admin-market-hint" onChange={(e) => setReason(e.target.value)} />
        <span id="admin-market-hint" className="muted admin-hint">
          {action === 'halt'
            ? t`While halted, new orders on this market are refused in plain words; users can still cancel. Kept in the audit log.`
            : t`Orders are taken again at once, on every server process. Kept in the audit log.`}
        </span>
      </div>
      <div className="admin-row admin-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {label}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** Markets (admin): every spot pair and contract with its trading state; halt and resume with a reason. */
export function MarketsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useLingui();
  const markets = useAsync('admin-markets', 'all', (signal) => fetchMarkets(signal));
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = markets.data;
  const open = (market: AdminMarketRow, action: MarketAction) => {
    setPending({ market, action });
    setDone(null);
  };
  return (
    <section className="card wallet-card" aria-labelledby="admin-markets">
      <h2 id="admin-markets" className="wallet-card__title">
        <Trans>Markets</Trans>
      </h2>
      <LoadState
        status={markets.status}
        loadingLabel={t`Loading the markets`}
        error={<span>{errorMessage(markets.error, t`The markets could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={markets.reload}
      />
      {done && (
        <p role="status" className="admin-ok">
          {done}
        </p>
      )}
      {pending && (
        <MarketActionForm
          key={`${pending.market.inst_id}-${pending.action}`}
          pending={pending}
          onCancel={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setDone(message);
            markets.reload();
          }}
        />
      )}
      {markets.status === 'ready' && data && (
        <div className="wallet-scroll">
          <table className="wallet-table wallet-table--stack">
            <thead>
              <tr>
                <th scope="col">{t`Market`}</th>
                <th scope="col">{t`Product`}</th>
                <th scope="col">{t`State`}</th>
                {canManage && <th scope="col">{t`Action`}</th>}
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m.inst_id}>
                  <td data-label={t`Market`}>{m.inst_id}</td>
                  <td data-label={t`Product`}>{m.kind === 'spot' ? t`Spot` : m.kind === 'swap' ? t`Perpetual` : t`Delivery`}</td>
                  <td data-label={t`State`} className={m.halted ? 'admin-error' : 'admin-ok'}>
                    {m.halted ? t`Halted since ${formatDateTime(m.halted_at ?? '')} by ${m.halted_by ?? ''}: ${m.halt_reason ?? ''}` : t`Trading`}
                  </td>
                  {canManage && (
                    <td data-label={t`Action`}>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => open(m, m.halted ? 'resume' : 'halt')}>
                        {m.halted ? t`Resume` : t`Halt`}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
