import { Link } from 'react-router';
import clsx from 'clsx';
import { Trans } from '@lingui/react/macro';
import type { UserNotification } from '@exchange/contract';
import { dateFormat } from '../../shared/format/date';
import { notificationLinks } from './links';
import { useNotificationText } from './useNotificationText';

/** One notification: what happened, in the page's language, when, and whether it was read; it leads to the page that shows it. */
export function NotificationRow({ notification: n, onOpen }: { notification: UserNotification; onOpen: (n: UserNotification) => void }) {
  const { title, body } = useNotificationText()(n);
  const time = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(n.created_at));
  return (
    <Link to={notificationLinks[n.code]} className={clsx('notification-row', !n.read && 'is-unread')} onClick={() => onOpen(n)} data-code={n.code}>
      <span className="notification-row__dot" aria-hidden />
      <span className="notification-row__text">
        <span className="notification-row__title">
          {title}
          {!n.read && (
            <span className="sr-only">
              {' '}
              <Trans>(unread)</Trans>
            </span>
          )}
        </span>
        <span className="notification-row__body">{body}</span>
        <time className="notification-row__time" dateTime={n.created_at}>
          {time}
        </time>
      </span>
    </Link>
  );
}
