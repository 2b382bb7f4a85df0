import { lazy, Suspense } from 'react';
import { CircleUserRound, LogOut } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { HoverMenu, useMenuItem } from '../../../shared/ui/HoverMenu';
import { logout, type StoredSession } from '../../../shared/session/session';
import { NavEntry } from './NavEntry';
import { accountLinks, consoleLink } from './navData';

/** "UID: 123", or "UID: N/A" for a session without one (spec 1 §2). */
export function uidLabel(session: StoredSession): MessageDescriptor {
  const uid = session.uid;
  return uid === null ? msg`UID: N/A` : msg`UID: ${uid}`;
}

function LogoutItem() {
  return (
    <button type="button" className="menu-item profile-panel__logout" onClick={logout} {...useMenuItem()}>
      <span className="menu-item__icon">
        <LogOut size={16} aria-hidden />
      </span>
      <span className="menu-item__label">
        <Trans>Log out</Trans>
      </span>
    </button>
  );
}

const OperatorOnly = lazy(() => import('./OperatorOnly'));

export function ProfileMenu({ session }: { session: StoredSession }) {
  const { t, i18n } = useLingui();
  return (
    <HoverMenu
      label={<CircleUserRound size={22} aria-hidden />}
      ariaLabel={t`Account`}
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="profile-panel"
      header={
        <div className="profile-panel__who">
          <p className="profile-panel__email">{session.email ?? t`User`}</p>
          <p className="profile-panel__uid">{i18n._(uidLabel(session))}</p>
        </div>
      }
    >
      {accountLinks.map((item) => (
        <NavEntry key={item.label.id} item={item} compact />
      ))}
      <Suspense fallback={null}>
        <OperatorOnly userId={session.userId}>
          <NavEntry item={consoleLink} compact />
        </OperatorOnly>
      </Suspense>
      <LogoutItem />
    </HoverMenu>
  );
}
