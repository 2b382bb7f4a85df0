import { Link } from 'react-router';
import { Bell, ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { formatWallTime } from '../../../shared/format/date';
import { announcements } from './announcements';

export function NotificationsHover() {
  const { t, i18n } = useLingui();
  const count = announcements.length;
  return (
    <HoverMenu
      kind="disclosure"
      label={
        <>
          <Bell size={20} aria-hidden />
          <span className="icon-btn__dot" aria-hidden />
        </>
      }
      ariaLabel={t`Notifications, ${count} announcements`}
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="notice-panel"
    >
      <p className="notice-panel__title">
        <Trans>Announcements</Trans>
      </p>
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
      <Link to="/help/category/announcements" className="notice-panel__more">
        <Trans>More announcements</Trans> <ChevronRight size={14} aria-hidden />
      </Link>
    </HoverMenu>
  );
}
