import { lazy } from 'react';

/**
 * One lazy chunk per page, so the landing route only ships what it shows.
 * scripts/route-sizes.mjs lists the same modules: keep the two in step.
 */
export const LandingPage = lazy(() => import('../features/landing/LandingPage'));
export const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
export const SignupPage = lazy(() => import('../features/auth/pages/SignupPage'));
export const DownloadPage = lazy(() => import('../features/download/DownloadPage'));
export const ComingSoonPage = lazy(() => import('./placeholders/ComingSoonPage'));
export const FeaturePlaceholderPage = lazy(() => import('./placeholders/FeaturePlaceholderPage'));
export const NotFoundPage = lazy(() => import('./placeholders/NotFoundPage'));
export const MarketsPage = lazy(() => import('../features/markets/MarketsPage'));
export const ChartEmbedPage = lazy(() => import('../features/chart/ChartEmbedPage'));
export const AssetsPage = lazy(() => import('../features/assets/AssetsPage'));
export const TransactionHistoryPage = lazy(() => import('../features/assets/TransactionHistoryPage'));
export const TransferPage = lazy(() => import('../features/transfer/TransferPage'));
export const VerificationPage = lazy(() => import('../features/verify/VerificationPage'));
export const SpotTradingPage = lazy(() => import('../features/spot/SpotTradingPage'));
export const FutureTradingPage = lazy(() => import('../features/futures/FutureTradingPage'));
export const ConversionPage = lazy(() => import('../features/convert/ConversionPage'));
export const DepositPage = lazy(() => import('../features/deposit/DepositPage'));
export const WithdrawPage = lazy(() => import('../features/withdraw/WithdrawPage'));
export const EarnLayout = lazy(() => import('../features/earn/EarnLayout'));
export const EarnOverviewPage = lazy(() => import('../features/earn/pages/EarnOverviewPage'));
export const SimpleEarnPage = lazy(() => import('../features/earn/pages/SimpleEarnPage'));
export const MyEarningsPage = lazy(() => import('../features/earn/pages/MyEarningsPage'));
export const SecurityPage = lazy(() => import('../features/auth/security/SecurityPage'));
export const ChangePasswordPage = lazy(() => import('../features/auth/security/ChangePasswordPage'));
export const ChangeEmailPage = lazy(() => import('../features/auth/security/ChangeEmailPage'));
export const AnnouncementsPage = lazy(() => import('../features/help/AnnouncementsPage'));
export const HelpArticlePage = lazy(() => import('../features/help/ArticlePage'));
export const CampaignCenterPage = lazy(() => import('../features/rewards/CampaignCenterPage'));
export const MyRewardsPage = lazy(() => import('../features/rewards/MyRewardsPage'));
export const ReferralPage = lazy(() => import('../features/rewards/ReferralPage'));
export const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
export const AccountLayout = lazy(() => import('../features/account/AccountLayout'));
export const AccountOverviewPage = lazy(() => import('../features/account/overview/AccountOverviewPage'));
export const ProfilePage = lazy(() => import('../features/account/profile/ProfilePage'));
export const ApiKeysPage = lazy(() => import('../features/account/api-keys/ApiKeysPage'));
export const ChangeNicknamePage = lazy(() => import('../features/account/nickname/ChangeNicknamePage'));
export const AdminPage = lazy(() => import('../features/admin/AdminPage'));
export const ProofOfReservesPage = lazy(() => import('../features/reserves/ProofOfReservesPage'));
