import { Handshake } from 'lucide-react';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { NavEntry } from './NavEntry';
import { MoreMenuPanel } from './MoreMenuPanel';
import { discoverMenu, growMenu, tradeMenu, type NavGroup } from './navData';

function GroupMenu({ group }: { group: NavGroup }) {
  return (
    <HoverMenu label={group.label} panelClassName="nav-panel">
      {group.items.map((item) => (
        <NavEntry key={item.label} item={item} />
      ))}
    </HoverMenu>
  );
}

export function DesktopNav({ onAffiliates }: { onAffiliates: () => void }) {
  return (
    <nav className="desktop-nav" aria-label="Main">
      <GroupMenu group={tradeMenu} />
      <GroupMenu group={discoverMenu} />
      <GroupMenu group={growMenu} />
      <HoverMenu label="More" panelClassName="more-panel">
        <MoreMenuPanel />
      </HoverMenu>
      <button type="button" className="hover-menu__trigger" onClick={onAffiliates}>
        <Handshake size={16} aria-hidden />
        Affiliates
      </button>
    </nav>
  );
}
