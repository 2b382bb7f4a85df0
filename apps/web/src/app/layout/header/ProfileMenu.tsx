import { CircleUserRound, LogOut } from 'lucide-react';
import { HoverMenu, useMenuItem } from '../../../shared/ui/HoverMenu';
import { logout, type StoredSession } from '../../../shared/session/session';
import { NavEntry } from './NavEntry';
import { accountLinks } from './navData';

export function uidLabel(session: StoredSession): string {
  return `UID: ${session.uid ?? 'N/A'}`;
}

function LogoutItem() {
  return (
    <button type="button" className="menu-item profile-panel__logout" onClick={logout} {...useMenuItem()}>
      <span className="menu-item__icon">
        <LogOut size={16} aria-hidden />
      </span>
      <span className="menu-item__label">Log out</span>
    </button>
  );
}

export function ProfileMenu({ session }: { session: StoredSession }) {
  return (
    <HoverMenu
      label={<CircleUserRound size={22} aria-hidden />}
      ariaLabel="Account"
      chevron={false}
      align="end"
      triggerClassName="icon-btn"
      panelClassName="profile-panel"
      header={
        <div className="profile-panel__who">
          <p className="profile-panel__email">{session.email ?? 'User'}</p>
          <p className="profile-panel__uid">{uidLabel(session)}</p>
        </div>
      }
    >
      {accountLinks.map((item) => (
        <NavEntry key={item.label} item={item} compact />
      ))}
      <LogoutItem />
    </HoverMenu>
  );
}
