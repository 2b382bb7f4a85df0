import { HoverMenu } from '../../../shared/ui/HoverMenu';
import { NavEntry } from './NavEntry';
import { assetsMenu } from './navData';

export function AssetsMenu() {
  return (
    <HoverMenu label={assetsMenu.label} align="end" panelClassName="nav-panel">
      {assetsMenu.items.map((item) => (
        <NavEntry key={item.label} item={item} compact />
      ))}
    </HoverMenu>
  );
}
