import { Handshake } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { NavEntry } from './NavEntry';
import { MoreMenuPanel } from './MoreMenuPanel';
import { discoverMenu, growMenu, tradeMenu, type NavGroup } from './navData';

function GroupMenu({ group }: { group: NavGroup }) {
  const { i18n } = useLingui();
  return (
    <HoverMenu label={i18n._(group.label)} panelClassName="nav-panel">
      {group.items.map((item) => (
        <NavEntry key={item.label.id} item={item} />
      ))}
    </HoverMenu>
  );
}

export function DesktopNav({ onAffiliates }: { onAffiliates: () => void }) {
  const { t } = useLingui();
  return (
    <nav className="desktop-nav" aria-label={t`Main`}>
      <GroupMenu group={tradeMenu} />
      <GroupMenu group={discoverMenu} />
      <GroupMenu group={growMenu} />
      <HoverMenu label={t`More`} panelClassName="more-panel">
        <MoreMenuPanel />
      </HoverMenu>
      <button type="button" className="hover-menu__trigger" onClick={onAffiliates}>
        <Handshake size={16} aria-hidden />
        <Trans>Affiliates</Trans>
      </button>
    </nav>
  );
}
