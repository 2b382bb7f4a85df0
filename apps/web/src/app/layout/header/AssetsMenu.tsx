import { useLingui } from '@lingui/react/macro';
import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { NavEntry } from './NavEntry';
import { assetsMenu } from './navData';

export function AssetsMenu() {
  const { i18n } = useLingui();
  return (
    <HoverMenu label={i18n._(assetsMenu.label)} align="end" panelClassName="nav-panel">
      {assetsMenu.items.map((item) => (
        <NavEntry key={item.label.id} item={item} compact />
      ))}
    </HoverMenu>
  );
}
