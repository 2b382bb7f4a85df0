import { Link } from 'react-router';
import { notificationsResponse } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiRequest } from '../../../shared/api/http';
import { formatWallTime } from '../../../shared/format/date';
import { useAsync } from '../../../shared/hooks/useAsync';
import { Spinner } from '../../../shared/ui/Spinner';

/**
 * The notification panel's latest announcements from the help centre, newest first, with their
 * times (UTC) in the page's language. Loaded when the panel first opens.
 */
export default function AnnouncementList() {
  const { t } = useLingui();
  const list = useAsync('notifications', 'notifications', (signal) => apiRequest('/api/v1/notifications', { schema: notificationsResponse, apikey: true, signal }));
  if (list.status === 'loading') return <Spinner className="notice-panel__state" label={t`Loading announcements`} />;
  if (list.status === 'error' || !list.data) {
    return (
      <p className="notice-panel__state muted" role="alert">
        <Trans>Announcements could not be loaded.</Trans>{' '}
        <button type="button" className="btn-link" onClick={list.reload}>
          <Trans>Try Again</Trans>
        </button>
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <p className="notice-panel__state muted">
        <Trans>No announcements yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="notice-panel__list">
      {list.data.map((a) => (
        <li key={a.id}>
          <Link to={a.path} className="notice-panel__item">
            <span className="notice-panel__item-title" lang="en">
              {a.title}
            </span>
            <time className="notice-panel__time" dateTime={`${a.time.replace(' ', 'T')}Z`}>
              {formatWallTime(a.time)} UTC
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
