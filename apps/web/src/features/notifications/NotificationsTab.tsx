import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserNotification } from '@exchange/contract';
import { LoadState } from '../../shared/ui/LoadState';
import { NotificationRow } from './NotificationRow';
import { useLatestNotifications, useMarkRead } from './useNotifications';
import './notifications.css';

/** The bell's own tab: the newest notifications, mark all read, and the way to the whole list. */
export default function NotificationsTab({ uid, unread }: { uid: number; unread: number }) {
  const { t } = useLingui();
  const latest = useLatestNotifications(uid);
  const mark = useMarkRead(uid);
  const open = (n: UserNotification) => {
    if (!n.read) void mark.one(n.id);
  };
  let content;
  if (latest.isPending || latest.isError) {
    content = (
      <LoadState
        status={latest.isError ? 'error' : 'loading'}
        loadingLabel={t`Loading notifications`}
        error={<Trans>Notifications could not be loaded.</Trans>}
        retryLabel={t`Try Again`}
        onRetry={() => void latest.refetch()}
      />
    );
  } else if (latest.data.items.length === 0) {
    content = (
      <p className="notice-panel__state muted">
        <Trans>No notifications yet. Deposits, withdrawals, fills and security changes will show here.</Trans>
      </p>
    );
  } else {
    content = (
      <ul className="notification-list">
        {latest.data.items.map((n) => (
          <li key={n.id}>
            <NotificationRow notification={n} onOpen={open} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {unread > 0 && (
        <div className="notification-list__actions">
          <button type="button" className="btn-link" onClick={() => void mark.all()}>
            <Trans>Mark all as read</Trans>
          </button>
        </div>
      )}
      {content}
      <Link to="/notifications" className="notice-panel__more">
        <Trans>All notifications</Trans> <ChevronRight size={14} aria-hidden />
      </Link>
    </>
  );
}
