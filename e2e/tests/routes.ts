import type { Locator, Page } from '@playwright/test';
import { comingSoonPaths } from '../../apps/web/src/app/paths';
import { placeholderPaths } from '../../apps/web/src/app/placeholders/placeholderPaths';

export interface ScannedRoute {
  path: string;
  /** Something that shows once the page's data has loaded; the scan waits for it. */
  ready?: (page: Page) => Locator;
  /** Signed out, the page shows the shared log-in prompt in place of its content. */
  private?: true;
  /** Signed in, the page sends the visitor on to another route (the log-in page to the account). */
  signedOutOnly?: true;
  /**
   * The page reads no session: signed out it differs from signed in only by the header, which the
   * other routes' signed-out scans cover. It is scanned signed in only.
   */
  sessionFree?: true;
}

/** Every route of apps/web/src/app/routes.tsx, with a concrete path for the parameterised ones. */
export const scannedRoutes: ScannedRoute[] = [
  { path: '/', ready: (page) => page.getByRole('link', { name: /^Trade [A-Z]/ }).first() },
  { path: '/login', signedOutOnly: true },
  { path: '/signup' },
  { path: '/download', sessionFree: true },
  { path: '/market', ready: (page) => page.getByRole('rowheader').getByRole('link').first() },
  { path: '/spot-trading?coin_pair_id=1', ready: (page) => page.getByRole('list', { name: 'Bids' }).getByRole('listitem').first() },
  { path: '/future-trading?coin_pair_id=1', ready: (page) => page.getByRole('list', { name: 'Bids' }).getByRole('listitem').first() },
  { path: '/assets', private: true },
  { path: '/transfer', private: true },
  { path: '/account/transfer', private: true },
  { path: '/deposit', private: true },
  { path: '/withdraw', private: true },
  { path: '/earn', ready: (page) => page.getByRole('link', { name: 'Subscribe to USDT' }) },
  { path: '/earn/simple-earn', ready: (page) => page.getByRole('button', { name: 'Subscribe to USDT Flexible' }) },
  { path: '/earn/my-earnings', private: true },
  { path: '/earn/structured', sessionFree: true },
  { path: '/earn/on-chain', sessionFree: true },
  { path: '/account/overview', private: true },
  { path: '/account/profile', private: true },
  { path: '/account/profile/change-nickname', private: true },
  { path: '/account/profile/verify', private: true },
  { path: '/account/profile/security', private: true },
  { path: '/account/api', private: true },
  { path: '/notifications', private: true },
  { path: '/admin', private: true },
  { path: '/conversion', ready: (page) => page.getByTestId('convert-rate').getByText(/^1 USDT = \d/) },
  { path: '/tradingviewEmbed?coin_pair_id=1', sessionFree: true, ready: (page) => page.locator('canvas').first() },
  { path: '/help/category/announcements', sessionFree: true, ready: (page) => page.getByText(/^Showing 1-15 of \d+ articles$/) },
  { path: '/help/category/announcements?category=guides&page=1', sessionFree: true, ready: (page) => page.getByRole('link', { name: 'Perpetual Contract Specifications' }) },
  { path: '/help/perpetual-contract-specifications', sessionFree: true, ready: (page) => page.getByRole('table') },
  { path: '/help/no-such-article', sessionFree: true, ready: (page) => page.getByRole('heading', { name: 'Article not found' }) },
  { path: '/pages/morePages/CampaignCenter', sessionFree: true, ready: (page) => page.getByRole('link', { name: 'Take part' }).first() },
  { path: '/pages/morePages/MyRewards', private: true },
  { path: '/pages/morePages/Referral', private: true },
  ...comingSoonPaths.map((path) => ({ path, sessionFree: true as const })),
  ...placeholderPaths.map((path) => ({ path, sessionFree: true as const })),
  { path: '/no-such-page', sessionFree: true },
];
