import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../shared/ui/Spinner';
import { EarnNav } from './components/EarnNav';
import './earn.css';

/** Every /earn page under the Earn navigation bar; a page still loading leaves the bar in place. */
export default function EarnLayout() {
  const { t } = useLingui();
  return (
    <div className="earn-shell">
      <EarnNav />
      <Suspense
        fallback={
          <div className="earn-fallback">
            <Spinner label={t`Loading page`} />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
