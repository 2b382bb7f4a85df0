import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Download, Globe, Handshake, LogOut } from 'lucide-react';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Modal } from '../../../shared/ui/Modal';
import { logout, type StoredSession } from '../../../shared/session/session';
import { NavEntry } from './NavEntry';
import { uidLabel } from './ProfileMenu';
import { useIsOperator } from '../../../features/admin/operatorRoles';
import { accountLinks, assetsMenu, consoleLink, mobileGroups, type NavGroup } from './navData';

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: StoredSession | null;
  onAffiliates: () => void;
  onLanguage: () => void;
}

function DrawerSection({ group, expanded, onToggle }: { group: NavGroup; expanded: boolean; onToggle: () => void }) {
  const { i18n } = useLingui();
  const panelId = `drawer-${group.key}`;
  return (
    <div className="drawer-section">
      <button type="button" className="drawer-section__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
        {i18n._(group.label)}
        <ChevronDown size={18} className={clsx('drawer-section__chevron', expanded && 'is-open')} aria-hidden />
      </button>
      {expanded && (
        <div id={panelId} className="drawer-section__items">
          {group.items.map((item) => (
            <NavEntry key={item.label.id} item={item} compact />
          ))}
        </div>
      )}
    </div>
  );
}

export default function MobileDrawer({ open, onOpenChange, session, onAffiliates, onLanguage }: MobileDrawerProps) {
  const { t, i18n } = useLingui();
  const [expanded, setExpanded] = useState<string | null>(null);
  const operator = useIsOperator(session?.userId ?? null);
  const accountGroup: NavGroup = { key: 'account', label: msg`Account`, items: operator ? [...accountLinks, consoleLink] : accountLinks };
  const groups = session ? [...mobileGroups, assetsMenu, accountGroup] : mobileGroups;

  // Any followed link or coming-soon entry ends the drawer's job.
  const closeOnActivate = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, [data-close-menu]')) onOpenChange(false);
  };
  const thenClose = (action: () => void) => () => {
    onOpenChange(false);
    action();
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t`Menu`} variant="drawer" hideTitle>
      <div className="drawer" onClick={closeOnActivate}>
        <div className="drawer__body">
          {session ? (
            <div className="drawer__who">
              <p className="profile-panel__email">{session.email ?? t`User`}</p>
              <p className="profile-panel__uid">{i18n._(uidLabel(session))}</p>
            </div>
          ) : (
            <div className="drawer__auth">
              <Link to="/login" className="btn btn-ghost">
                <Trans>Log in</Trans>
              </Link>
              <Link to="/signup" className="btn btn-primary">
                <Trans>Sign up</Trans>
              </Link>
            </div>
          )}
          {groups.map((group) => (
            <DrawerSection
              key={group.key}
              group={group}
              expanded={expanded === group.key}
              onToggle={() => setExpanded((current) => (current === group.key ? null : group.key))}
            />
          ))}
          <button type="button" className="drawer-section__toggle" onClick={thenClose(onAffiliates)}>
            <span className="drawer__inline">
              <Handshake size={18} aria-hidden /> <Trans>Affiliates</Trans>
            </span>
          </button>
          <button type="button" className="drawer-section__toggle" onClick={thenClose(onLanguage)}>
            <span className="drawer__inline">
              <Globe size={18} aria-hidden /> <Trans>Language and currency</Trans>
            </span>
          </button>
          {session && (
            <button type="button" className="drawer-section__toggle" onClick={logout}>
              <span className="drawer__inline">
                <LogOut size={18} aria-hidden /> <Trans>Log out</Trans>
              </span>
            </button>
          )}
        </div>
        <Link to="/download" className="drawer__footer">
          <Download size={18} aria-hidden /> <Trans>Download app</Trans>
        </Link>
      </div>
    </Modal>
  );
}
