import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';

interface Written {
  id: number;
  title: string;
  published_at: string | null;
}

interface ContentPanelProps<T extends Written> {
  /** The useAsync scope of the list. */
  scope: string;
  load: (signal: AbortSignal) => Promise<{ items: T[] }>;
  publish: (id: number, publish: boolean) => Promise<unknown>;
  heading: string;
  newLabel: string;
  loadingLabel: string;
  loadFailed: string;
  empty: string;
  /** Where readers find an item, shown under its title. */
  where: (item: T) => string;
  /** The form for a new item (null) or for rewriting one. */
  form: (editing: T | null, onSaved: (saved: T) => void, onCancel: () => void) => ReactNode;
}

/** A console list of written content (announcements, campaigns): drafts and published ones, each edited, published or taken down with one button. */
export function ContentPanel<T extends Written>({ scope, load, publish, heading, newLabel, loadingLabel, loadFailed, empty, where, form }: ContentPanelProps<T>) {
  const { t } = useLingui();
  const list = useAsync(`admin-${scope}`, 'all', load);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (a: T) => {
    setError(null);
    try {
      const yes = a.published_at === null;
      await publish(a.id, yes);
      setNotice(yes ? t`“${a.title}” is published.` : t`“${a.title}” is unpublished.`);
      list.reload();
    } catch (err) {
      setError(errorMessage(err, t`The change could not be saved.`));
    }
  };

  return (
    <section className="card wallet-card" aria-labelledby={`admin-${scope}`}>
      <div className="admin-row">
        <h2 id={`admin-${scope}`} className="wallet-card__title">
          {heading}
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {newLabel}
          </button>
        )}
      </div>
      {notice && (
        <p role="status" className="admin-ok">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {editing !== null && (
        <div key={editing === 'new' ? 'new' : editing.id}>
          {form(
            editing === 'new' ? null : editing,
            (saved) => {
              setEditing(null);
              setNotice(t`“${saved.title}” is saved.`);
              list.reload();
            },
            () => setEditing(null),
          )}
        </div>
      )}
      <LoadState status={list.status} loadingLabel={loadingLabel} error={<span>{errorMessage(list.error, loadFailed)}</span>} retryLabel={t`Try Again`} onRetry={list.reload} />
      {list.status === 'ready' && list.data?.items.length === 0 && <p className="muted">{empty}</p>}
      {list.data && list.data.items.length > 0 && (
        <ul className="admin-list">
          {list.data.items.map((a) => {
            const at = where(a);
            const when = a.published_at ? formatDateTime(a.published_at) : '';
            return (
              <li key={a.id}>
                <div className="admin-field">
                  <strong>{a.title}</strong>
                  <span className="muted">{a.published_at ? t`${at} · published ${when}` : t`${at} · not published`}</span>
                </div>
                <div className="admin-row admin-actions">
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Edit “${a.title}”`} onClick={() => setEditing(a)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={a.published_at ? t`Unpublish “${a.title}”` : t`Publish “${a.title}”`} onClick={() => void toggle(a)}>
                    {a.published_at ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
