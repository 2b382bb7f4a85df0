import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserNotification } from '@exchange/contract';
import { useSession } from '../../shared/session/useSession';
import { LoadState } from '../../shared/ui/LoadState';
import { NotificationRow } from './NotificationRow';
import { useMarkRead, useNotificationPages, useUnreadNotifications } from './useNotifications';
import './notifications.css';

function NotificationPages({ uid }: { uid: number }) {
  const { t } = useLingui();
  const pages = useNotificationPages(uid);
  const unread = useUnreadNotifications(uid);
  const mark = useMarkRead(uid);
  const open = (n: UserNotification) => {
    if (!n.read) void mark.one(n.id);
  };
  if (pages.isPending || pages.isError) {
    return (
      <LoadState
        status={pages.isError ? 'error' : 'loading'}
        loadingLabel={t`Loading notifications`}
        error={<Trans>Notifications could not be loaded.</Trans>}
        retryLabel={t`Try Again`}
        onRetry={() => void pages.refetch()}
      />
    );
  }
  const items = pages.data.pages.flatMap((p) => p.items);
  return (
    <>
      <div className="notifications-page__bar">
        <p className="muted">{unread === 0 ? t`Everything is read.` : t`${unread} unread`}</p>
        {unread > 0 && (
          <button type="button" className="btn btn-sm" onClick={() => void mark.all()}>
            <Trans>Mark all as read</Trans>
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="muted">
          <Trans>No notifications yet. Deposits, withdrawals, fills and security changes will show here.</Trans>
        </p>
      ) : (
        <ul className="notification-list notification-list--page">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationRow notification={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <button type="button" className="btn notifications-page__more" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show older</Trans>}
        </button>
      )}
    </>
  );
}

/** /notifications: every notification the user keeps (the newest 100), newest first. */
export default function NotificationsPage() {
  const session = useSession();
  return (
    <div className="container notifications-page">
      <h1>
        <Trans>Notifications</Trans>
      </h1>
      {session?.uid ? (
        <NotificationPages uid={session.uid} />
      ) : (
        <p>
          <Link to="/login">
            <Trans>Log in to see your notifications.</Trans>
          </Link>
        </p>
      )}
    </div>
  );
}
