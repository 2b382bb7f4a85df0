import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPERATOR_ROLES, type OperatorRole } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { changeOperator, fetchOperators } from './api';

function RoleForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [action, setAction] = useState<'POST' | 'DELETE'>('POST');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      await changeOperator(action, { email, role, reason, totp_code: code });
      setResult({ ok: true, text: action === 'POST' ? t`${email} is now ${role}.` : t`${email} is no longer ${role}.` });
      setCode('');
      onChanged();
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, t`The role could not be changed.`) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form admin-form--grid" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor="admin-op-email">{t`Email`}</label>
      <input id="admin-op-email" type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor="admin-op-role">{t`Role`}</label>
      <select id="admin-op-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
        {OPERATOR_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <label htmlFor="admin-op-reason">{t`Reason`}</label>
      <input id="admin-op-reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <label htmlFor="admin-op-code">{t`Authenticator code`}</label>
      <input id="admin-op-code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      <div className="admin-row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} onClick={() => setAction('POST')}>
          <Trans>Grant role</Trans>
        </button>
        <button type="submit" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setAction('DELETE')}>
          <Trans>Revoke role</Trans>
        </button>
      </div>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'admin-ok' : 'admin-error'}>
          {result.text}
        </p>
      )}
    </form>
  );
}

export function OperatorsPanel() {
  const { t } = useLingui();
  const operators = useAsync('admin-operators', 'all', (signal) => fetchOperators(signal));
  const rows = operators.data?.items ?? null;
  return (
    <section className="card wallet-card" aria-labelledby="admin-operators">
      <h2 id="admin-operators" className="wallet-card__title">
        <Trans>Operators</Trans>
      </h2>
      <LoadState
        status={operators.status}
        loadingLabel={t`Loading the operators`}
        error={<span>{errorMessage(operators.error, t`The operators could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={operators.reload}
      />
      {operators.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No operators yet.</Trans>
        </p>
      )}
      {operators.status === 'ready' && rows && rows.length > 0 && (
        <div className="wallet-scroll">
          <table className="wallet-table wallet-table--stack">
            <thead>
              <tr>
                <th scope="col">{t`Email`}</th>
                <th scope="col">{t`Role`}</th>
                <th scope="col">{t`Since`}</th>
                <th scope="col">{t`Granted by`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.user_id}-${r.role}`}>
                  <td data-label={t`Email`}>{r.email}</td>
                  <td data-label={t`Role`}>{r.role}</td>
                  <td data-label={t`Since`}>{formatDateTime(r.granted_at)}</td>
                  <td data-label={t`Granted by`}>{r.granted_by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="admin-subtitle">
        <Trans>Grant or revoke a role</Trans>
      </h3>
      <RoleForm onChanged={operators.reload} />
    </section>
  );
}
