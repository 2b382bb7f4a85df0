import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useComingSoon } from '../../../shared/coming-soon/ComingSoonProvider';
import { useMenuItem } from '../../../shared/ui/HoverMenu';
import type { NavItem } from './navData';

/** One menu row: a link for built routes, a coming-soon trigger for the rest. */
export function NavEntry({ item, compact }: { item: NavItem; compact?: boolean }) {
  const { i18n } = useLingui();
  const openComingSoon = useComingSoon();
  const menuItem = useMenuItem();
  const Icon = item.icon;
  const body = (
    <>
      <span className="menu-item__icon">
        <Icon size={compact ? 16 : 18} aria-hidden />
      </span>
      <span className="menu-item__text">
        <span className="menu-item__label">{i18n._(item.label)}</span>
        {item.hint && !compact && <span className="menu-item__hint">{i18n._(item.hint)}</span>}
      </span>
    </>
  );
  if (item.to) {
    return (
      <Link to={item.to} className="menu-item" {...menuItem}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" className="menu-item" data-close-menu onClick={openComingSoon} {...menuItem}>
      {body}
    </button>
  );
}
