import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ComingSoonProvider } from '../../shared/coming-soon/ComingSoonProvider';
import { SiteHeader } from './header/SiteHeader';
import { SiteFooter } from './footer/SiteFooter';
import { RouteFallback } from './RouteFallback';
import { RouteAnnouncer } from './RouteAnnouncer';
import './RootLayout.css';

export function RootLayout() {
  return (
    <ComingSoonProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="app-shell">
        <SiteHeader />
        <main id="main" className="app-main">
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <RouteAnnouncer />
      <ScrollRestoration />
    </ComingSoonProvider>
  );
}
