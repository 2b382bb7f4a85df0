import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { RouteFallback } from './layout/RouteFallback';
import { comingSoonPaths } from './paths';
import * as Pages from './pages';
import { placeholderPaths } from './placeholders/placeholderPaths';
import { RouteErrorPage } from './placeholders/RouteErrorPage';

export const routes: RouteObject[] = [
  {
    // The embedded chart is framed by other pages, so it gets no header or footer.
    path: '/tradingviewEmbed',
    element: (
      <Suspense fallback={<RouteFallback />}>
        <Pages.ChartEmbedPage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Pages.LandingPage /> },
      { path: '/login', element: <Pages.LoginPage /> },
      { path: '/signup', element: <Pages.SignupPage /> },
      { path: '/download', element: <Pages.DownloadPage /> },
      { path: '/market', element: <Pages.MarketsPage /> },
      { path: '/spot-trading', element: <Pages.SpotTradingPage /> },
      { path: '/future-trading', element: <Pages.FutureTradingPage /> },
      { path: '/assets', element: <Pages.AssetsPage /> },
      { path: '/assets/history', element: <Pages.TransactionHistoryPage /> },
      { path: '/transfer', element: <Pages.TransferPage /> },
      { path: '/account/transfer', element: <Pages.TransferPage /> },
      {
        // The account area (spec 3 §2): every page under its sub-navigation tabs.
        element: <Pages.AccountLayout />,
        children: [
          { path: '/account/overview', element: <Pages.AccountOverviewPage /> },
          { path: '/account/profile', element: <Pages.ProfilePage /> },
          { path: '/account/profile/change-nickname', element: <Pages.ChangeNicknamePage /> },
          { path: '/account/profile/verify', element: <Pages.VerificationPage /> },
          { path: '/account/profile/security', element: <Pages.SecurityPage /> },
          { path: '/account/profile/security/change-password', element: <Pages.ChangePasswordPage /> },
          { path: '/account/profile/security/change-email', element: <Pages.ChangeEmailPage /> },
          { path: '/account/api', element: <Pages.ApiKeysPage /> },
          // The placeholder's old address, which bookmarks may hold.
          { path: '/account/profile/api', element: <Navigate to="/account/api" replace /> },
          ...placeholderPaths.map((path) => ({ path, element: <Pages.FeaturePlaceholderPage /> })),
        ],
      },
      // The overview's Trade quick action (spec 3 §2): trading opens on the spot market.
      { path: '/trading', element: <Navigate to="/spot-trading" replace /> },
      { path: '/conversion', element: <Pages.ConversionPage /> },
      { path: '/deposit', element: <Pages.DepositPage /> },
      { path: '/withdraw', element: <Pages.WithdrawPage /> },
      {
        // Every Earn page sits under the Earn navigation bar; Structured and On-chain are still to come.
        path: '/earn',
        element: <Pages.EarnLayout />,
        children: [
          { index: true, element: <Pages.EarnOverviewPage /> },
          { path: 'simple-earn', element: <Pages.SimpleEarnPage /> },
          { path: 'my-earnings', element: <Pages.MyEarningsPage /> },
          { path: 'structured', element: <Pages.ComingSoonPage /> },
          { path: 'on-chain', element: <Pages.ComingSoonPage /> },
        ],
      },
      { path: '/notifications', element: <Pages.NotificationsPage /> },
      // The operator console: its own chunk, linked nowhere, so other users never load it.
      { path: '/admin', element: <Pages.AdminPage /> },
      { path: '/help/category/announcements', element: <Pages.AnnouncementsPage /> },
      { path: '/help/:articleSlug', element: <Pages.HelpArticlePage /> },
      { path: '/pages/morePages/CampaignCenter', element: <Pages.CampaignCenterPage /> },
      { path: '/pages/morePages/MyRewards', element: <Pages.MyRewardsPage /> },
      { path: '/pages/morePages/Referral', element: <Pages.ReferralPage /> },
      { path: '/proof-of-reserves', element: <Pages.ProofOfReservesPage /> },
      ...comingSoonPaths.map((path) => ({ path, element: <Pages.ComingSoonPage /> })),
      { path: '*', element: <Pages.NotFoundPage /> },
    ],
  },
];
