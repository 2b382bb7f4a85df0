import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { formatWallTime } from '../../../shared/format/date';
import { announcements } from './announcements';

/** The notification panel's announcements, newest first, with their dates in the page's language. */
export default function AnnouncementList() {
  const { i18n } = useLingui();
  return (
    <ul className="notice-panel__list">
      {announcements.map((a) => (
        <li key={a.id}>
          <Link to={a.path} className="notice-panel__item">
            <span className="notice-panel__item-title">{i18n._(a.title)}</span>
            <time className="notice-panel__time" dateTime={a.time.replace(' ', 'T')}>
              {formatWallTime(a.time)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
