import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { HoverMenu, useMenuItem } from '../../../shared/ui/HoverMenu';

interface MenuEntry {
  label: MessageDescriptor;
  to: string;
  items: readonly MessageDescriptor[];
}

/** Spec 3 §2's Earn navigation bar: two links, two dropdowns, then My earnings. */
const STRUCTURED: MenuEntry = { label: msg`Structured Products`, to: '/earn/structured', items: [msg`Dual Investment`, msg`Shark Fin`] };
const ON_CHAIN: MenuEntry = { label: msg`On-chain Earn`, to: '/earn/on-chain', items: [msg`ETH Staking`, msg`SOL Staking`] };

function MenuLink({ to, label }: { to: string; label: string }) {
  const item = useMenuItem();
  return (
    <Link to={to} className="menu-item" {...item}>
      <span className="menu-item__label">{label}</span>
    </Link>
  );
}

function Dropdown({ entry }: { entry: MenuEntry }) {
  const { i18n } = useLingui();
  return (
    <HoverMenu label={i18n._(entry.label)} triggerClassName="earn-nav__link" className="earn-nav__menu">
      <MenuLink to={entry.to} label={i18n._(entry.label)} />
      {entry.items.map((item) => (
        <MenuLink key={item.id} to={entry.to} label={i18n._(item)} />
      ))}
    </HoverMenu>
  );
}

export function EarnNav() {
  const { t } = useLingui();
  const linkClass = ({ isActive }: { isActive: boolean }) => clsx('earn-nav__link', isActive && 'is-active');
  return (
    <nav className="earn-nav" aria-label={t`Earn`}>
      <div className="container earn-nav__inner">
        <NavLink to="/earn" end className={linkClass}>
          {t`Earn overview`}
        </NavLink>
        <NavLink to="/earn/simple-earn" className={linkClass}>
          {t`Simple Earn`}
        </NavLink>
        <Dropdown entry={STRUCTURED} />
        <Dropdown entry={ON_CHAIN} />
        <NavLink to="/earn/my-earnings" className={linkClass}>
          {t`My earnings`}
        </NavLink>
      </div>
    </nav>
  );
}
