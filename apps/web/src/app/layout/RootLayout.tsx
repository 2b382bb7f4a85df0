import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ComingSoonProvider } from '../../shared/coming-soon/ComingSoonProvider';
import { SiteHeader } from './header/SiteHeader';
import { RouteFallback } from './RouteFallback';
import { RouteAnnouncer } from './RouteAnnouncer';
import './RootLayout.css';

// Below the fold everywhere: out of the first load, within the landing page's size budget.
const SiteFooter = lazy(() => import('./footer/SiteFooter'));

export function RootLayout() {
  const { i18n } = useLingui();
  return (
    <ComingSoonProvider>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <div className="app-shell">
        <SiteHeader />
        <main id="main" className="app-main">
          <Suspense fallback={<RouteFallback />}>
            {/* A new language redraws the page: figures formatted outside React follow it too. */}
            <Outlet key={i18n.locale} />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </div>
      <RouteAnnouncer />
      <ScrollRestoration />
    </ComingSoonProvider>
  );
}
