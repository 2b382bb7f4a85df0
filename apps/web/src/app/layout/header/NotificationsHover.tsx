import { Link } from 'react-router';
import { Bell, ChevronRight } from 'lucide-react';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { announcements } from './announcements';

export function NotificationsHover() {
  return (
    <HoverMenu
      kind="disclosure"
      label={
        <>
          <Bell size={20} aria-hidden />
          <span className="icon-btn__dot" aria-hidden />
        </>
      }
      ariaLabel={`Notifications, ${announcements.length} announcements`}
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="notice-panel"
    >
      <p className="notice-panel__title">Announcements</p>
      <ul className="notice-panel__list">
        {announcements.map((a) => (
          <li key={a.id}>
            <Link to={a.path} className="notice-panel__item">
              <span className="notice-panel__item-title">{a.title}</span>
              <time className="notice-panel__time" dateTime={a.time.replace(' ', 'T')}>
                {a.time}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/help/category/announcements" className="notice-panel__more">
        More announcements <ChevronRight size={14} aria-hidden />
      </Link>
    </HoverMenu>
  );
}
