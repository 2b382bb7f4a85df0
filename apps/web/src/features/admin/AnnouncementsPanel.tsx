import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminAnnouncement } from '@exchange/contract';
import { errorMessage } from '../../shared/api/http';
import { formatDateTime } from '../../shared/format/wallet';
import { useAsync } from '../../shared/hooks/useAsync';
import { LoadState } from '../../shared/ui/LoadState';
import { AnnouncementForm } from './AnnouncementForm';
import { fetchAnnouncements, publishAnnouncement } from './api';

/** The help centre's announcements written here: drafts and published ones, each published or taken down with one button. */
export function AnnouncementsPanel() {
  const { t } = useLingui();
  const list = useAsync('admin-announcements', 'all', (signal) => fetchAnnouncements(signal));
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (a: AdminAnnouncement) => {
    setError(null);
    try {
      const publish = a.published_at === null;
      await publishAnnouncement(a.id, publish);
      setNotice(publish ? t`“${a.title}” is published.` : t`“${a.title}” is unpublished.`);
      list.reload();
    } catch (err) {
      setError(errorMessage(err, t`The change could not be saved.`));
    }
  };

  return (
    <section className="card wallet-card" aria-labelledby="admin-announcements">
      <div className="admin-row">
        <h2 id="admin-announcements" className="wallet-card__title">
          <Trans>Announcements</Trans>
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            <Trans>New announcement</Trans>
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
        <AnnouncementForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(a) => {
            setEditing(null);
            setNotice(t`“${a.title}” is saved.`);
            list.reload();
          }}
        />
      )}
      <LoadState
        status={list.status}
        loadingLabel={t`Loading the announcements`}
        error={<span>{errorMessage(list.error, t`The announcements could not be loaded.`)}</span>}
        retryLabel={t`Try Again`}
        onRetry={list.reload}
      />
      {list.status === 'ready' && list.data?.items.length === 0 && (
        <p className="muted">
          <Trans>No announcement written here yet. The help centre shows the repository’s files.</Trans>
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="admin-list">
          {list.data.items.map((a) => {
            const when = a.published_at ? formatDateTime(a.published_at) : '';
            return (
              <li key={a.id}>
                <div className="admin-field">
                  <strong>{a.title}</strong>
                  <span className="muted">
                    {a.published_at ? t`/help/${a.slug} · published ${when}` : t`/help/${a.slug} · not published`}
                  </span>
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
