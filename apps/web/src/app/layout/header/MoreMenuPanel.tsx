import { NavEntry } from './NavEntry';
import { moreOthers, moreProducts } from './navData';

export function MoreMenuPanel() {
  return (
    <div className="more-panel__columns">
      {[moreProducts, moreOthers].map((group) => (
        <div key={group.label} className="more-panel__column" role="group" aria-labelledby={`more-menu-${group.label}`}>
          <p id={`more-menu-${group.label}`} className="more-panel__heading">
            {group.label}
          </p>
          {group.items.map((item) => (
            <NavEntry key={item.label} item={item} compact />
          ))}
        </div>
      ))}
    </div>
  );
}
