import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../shared/ui/Spinner';
import { AccountTabs } from './AccountTabs';
import './account.css';

/** The account area's pages under its sub-navigation tabs; a page still loading leaves the tabs in place. */
export default function AccountLayout() {
  const { t } = useLingui();
  return (
    <div className="account-shell">
      <AccountTabs />
      <Suspense
        fallback={
          <div className="account-fallback">
            <Spinner label={t`Loading page`} />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
