import { useLingui } from '@lingui/react/macro';
import { NavEntry } from './NavEntry';
import { moreOthers, moreProducts } from './navData';

export function MoreMenuPanel() {
  const { i18n } = useLingui();
  return (
    <div className="more-panel__columns">
      {[moreProducts, moreOthers].map((group) => (
        <div key={group.key} className="more-panel__column" role="group" aria-labelledby={`more-menu-${group.key}`}>
          <p id={`more-menu-${group.key}`} className="more-panel__heading">
            {i18n._(group.label)}
          </p>
          {group.items.map((item) => (
            <NavEntry key={item.label.id} item={item} compact />
          ))}
        </div>
      ))}
    </div>
  );
}
