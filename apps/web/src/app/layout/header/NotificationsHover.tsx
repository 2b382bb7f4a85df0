import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Bell, ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';

// The list and its date formatting load when the panel first opens, not with every page's entry chunk.
const AnnouncementList = lazy(() => import('./AnnouncementList'));

export function NotificationsHover() {
  const { t } = useLingui();
  return (
    <HoverMenu
      kind="disclosure"
      label={
        <>
          <Bell size={20} aria-hidden />
          <span className="icon-btn__dot" aria-hidden />
        </>
      }
      ariaLabel={t`Notifications`}
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="notice-panel"
    >
      <p className="notice-panel__title">
        <Trans>Announcements</Trans>
      </p>
      <Suspense fallback={null}>
        <AnnouncementList />
      </Suspense>
      <Link to="/help/category/announcements" className="notice-panel__more">
        <Trans>More announcements</Trans> <ChevronRight size={14} aria-hidden />
      </Link>
    </HoverMenu>
  );
}

