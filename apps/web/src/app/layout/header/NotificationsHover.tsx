import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Bell, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import type { StoredSession } from '../../../shared/session/session';

// The list and its date formatting load when the panel first opens, not with every page's entry chunk.
const AnnouncementList = lazy(() => import('./AnnouncementList'));
const BellLive = lazy(() => import('../../../features/notifications/BellLive'));
const NotificationsTab = lazy(() => import('../../../features/notifications/NotificationsTab'));

type Tab = 'mine' | 'announcements';

/** The bell's two lists as WAI-ARIA tabs: the user's own notifications, and the help centre's announcements. */
function BellTabs({ tab, unread, onChange }: { tab: Tab; unread: number; onChange: (tab: Tab) => void }) {
  const { t } = useLingui();
  const tabs = useRovingFocus<HTMLDivElement>({ activateOnMove: true });
  return (
    <div className="tabs notice-panel__tabs" role="tablist" aria-label={t`Notifications`} {...tabs}>
      {(['mine', 'announcements'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`bell-tab-${name}`}
          aria-selected={tab === name}
          aria-controls={`bell-panel-${name}`}
          className={clsx('tabs__tab', tab === name && 'is-active')}
          onClick={() => onChange(name)}
        >
          {name === 'mine' ? <Trans>Notifications</Trans> : <Trans>Announcements</Trans>}
          {name === 'mine' && unread > 0 && <span className="notice-panel__count">{unread}</span>}
        </button>
      ))}
    </div>
  );
}

function Announcements() {
  return (
    <>
      <Suspense fallback={null}>
        <AnnouncementList />
      </Suspense>
      <Link to="/help/category/announcements" className="notice-panel__more">
        <Trans>More announcements</Trans> <ChevronRight size={14} aria-hidden />
      </Link>
    </>
  );
}

/**
 * The header's bell: for a signed-in user their own notifications (the red dot and the count say
 * how many are unread, kept live by the private websocket) beside the announcements; signed out,
 * the announcements alone.
 */
export function NotificationsHover({ session }: { session: StoredSession | null }) {
  const { t } = useLingui();
  const uid = session?.uid ?? null;
  const token = uid === null ? null : (session?.token ?? null);
  // The count comes from BellLive once it has loaded; signed out there is none.
  const [liveUnread, setUnread] = useState(0);
  const unread = token === null ? 0 : liveUnread;
  const [tab, setTab] = useState<Tab>('mine');
  return (
    <>
      {token && uid !== null && (
        <Suspense fallback={null}>
          <BellLive token={token} uid={uid} onUnread={setUnread} />
        </Suspense>
      )}
    <HoverMenu
      kind="disclosure"
      label={
        <>
          <Bell size={20} aria-hidden />
          {unread > 0 && (
            <span className="icon-btn__badge" data-testid="bell-unread" aria-hidden>
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
      ariaLabel={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="notice-panel"
    >
      {uid === null ? (
        <>
          <p className="notice-panel__title">
            <Trans>Announcements</Trans>
          </p>
          <Announcements />
        </>
      ) : (
        <>
          <BellTabs tab={tab} unread={unread} onChange={setTab} />
          <div role="tabpanel" id={`bell-panel-${tab}`} aria-labelledby={`bell-tab-${tab}`}>
            {tab === 'mine' ? (
              <Suspense fallback={null}>
                <NotificationsTab uid={uid} unread={unread} />
              </Suspense>
            ) : (
              <Announcements />
            )}
          </div>
        </>
      )}
    </HoverMenu>
    </>
  );
}
