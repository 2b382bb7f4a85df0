import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { downloadAuditCsv, fetchAudit } from './api';

interface Filters {
  operator: string;
  action: string;
  target: string;
  since: string;
  until: string;
}

const EMPTY: Filters = { operator: '', action: '', target: '', since: '', until: '' };

/** The filled filters only, as the query string takes them. */
const queryOf = (f: Filters, beforeId?: number) => ({
  ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')),
  before_id: beforeId,
});

export function AuditPanel({ canExport }: { canExport: boolean }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pages, setPages] = useState<number[]>([]);
  const beforeId = pages.at(-1);
  const audit = useAsync('admin-audit', JSON.stringify([filters, beforeId]), (signal) => fetchAudit(queryOf(filters, beforeId), signal));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const rows = audit.data?.items ?? null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPages([]);
  };
  const download = async () => {
    setDownloadError(null);
    try {
      await downloadAuditCsv(queryOf(filters));
    } catch (error) {
      setDownloadError(errorMessage(error, t`The CSV file could not be downloaded.`));
    }
  };
  // Worded apart from the account pages' Change buttons, whose translations are the verb.
  const changeLabel = t`What changed`;
  const field = (name: keyof Filters, label: string, type = 'text') => (
    <div className="admin-field">
      <label htmlFor={`admin-audit-${name}`}>{label}</label>
      <input id={`admin-audit-${name}`} type={type} maxLength={100} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
    </div>
  );

  return (
    <section className="card wallet-card" aria-labelledby="admin-audit">
      <h2 id="admin-audit" className="wallet-card__title">
        <Trans>Audit log</Trans>
      </h2>
      <form className="admin-filters" onSubmit={onSubmit}>
        {field('operator', t`Operator`)}
        {field('action', t`Action`)}
        {field('target', t`Target`)}
        {field('since', t`From`, 'date')}
        {field('until', t`To`, 'date')}
        <div className="admin-row">
          <button type="submit" className="btn btn-primary btn-sm">
            <Trans>Filter</Trans>
          </button>
          {canExport && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download()}>
              <Trans>Download CSV</Trans>
            </button>
          )}
        </div>
      </form>
      {downloadError && (
        <p role="alert" className="admin-error">
          {downloadError}
        </p>
      )}
      <LoadState
        status={audit.status}
        loadingLabel={t`Loading the audit log`}
        error={<span>{errorMessage(audit.error, t`The audit log could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={audit.reload}
      />
      {audit.status === 'ready' && rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No audit entries match these filters.</Trans>
        </p>
      )}
      {audit.status === 'ready' && rows && rows.length > 0 && (
        <div className="wallet-scroll">
          <table className="wallet-table wallet-table--stack admin-audit-table">
            <thead>
              <tr>
                <th scope="col">{t`Time`}</th>
                <th scope="col">{t`Operator`}</th>
                <th scope="col">{t`Action`}</th>
                <th scope="col">{t`Target`}</th>
                <th scope="col">{changeLabel}</th>
                <th scope="col">{t`Reason`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label={t`Time`}>{formatDateTime(r.at)}</td>
                  <td data-label={t`Operator`}>
                    {r.operator} ({r.role})
                  </td>
                  <td data-label={t`Action`}>{r.action}</td>
                  <td data-label={t`Target`}>{r.target}</td>
                  <td data-label={changeLabel}>
                    {JSON.stringify(r.before)} → {JSON.stringify(r.after)}
                  </td>
                  <td data-label={t`Reason`}>{r.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="admin-row">
        {pages.length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPages(pages.slice(0, -1))}>
            <Trans>Newer</Trans>
          </button>
        )}
        {audit.data?.next_before_id != null && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPages([...pages, audit.data?.next_before_id as number])}>
            <Trans>Older</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
