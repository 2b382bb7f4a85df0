import { Link, useLocation } from 'react-router';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';
import { accountTabs, activeAccountTab } from './accountTabs';

/** Overview, Profile, Security ("New") and Verification: links, the current one marked for screen readers. */
export function AccountTabs() {
  const { t, i18n } = useLingui();
  const active = activeAccountTab(useLocation().pathname);
  return (
    <nav className="account-tabs" aria-label={t`Account`}>
      <div className="container account-tabs__inner">
        {accountTabs.map((tab) => {
          const current = tab.to === active;
          return (
            <Link key={tab.to} to={tab.to} className={clsx('account-tabs__link', current && 'is-active')} aria-current={current ? 'page' : undefined}>
              {i18n._(tab.label)}
              {tab.badge && <span className="account-tabs__badge">{i18n._(tab.badge)}</span>}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
