// Gzipped JavaScript each route downloads on first load, from Vite's build manifest.
// Fails the build when the landing route goes over its budget.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LANDING_BUDGET_BYTES = 150 * 1024;

// Route → lazy page module; keep in step with src/app/pages.ts and src/app/routes.tsx.
const ROUTES = [
  ['/', 'src/features/landing/LandingPage.tsx'],
  ['/login', 'src/features/auth/pages/LoginPage.tsx'],
  ['/signup', 'src/features/auth/pages/SignupPage.tsx'],
  ['/download', 'src/features/download/DownloadPage.tsx'],
  ['/market', 'src/features/markets/MarketsPage.tsx'],
  ['/spot-trading', 'src/features/spot/SpotTradingPage.tsx'],
  ['/future-trading', 'src/features/futures/FutureTradingPage.tsx'],
  ['/assets', 'src/features/assets/AssetsPage.tsx'],
  ['/assets/history', 'src/features/assets/TransactionHistoryPage.tsx'],
  ['/transfer, /account/transfer', 'src/features/transfer/TransferPage.tsx'],
  ['/account/* (sub-navigation)', 'src/features/account/AccountLayout.tsx'],
  ['/account/overview', 'src/features/account/overview/AccountOverviewPage.tsx'],
  ['/account/profile', 'src/features/account/profile/ProfilePage.tsx'],
  ['/account/profile/change-nickname', 'src/features/account/nickname/ChangeNicknamePage.tsx'],
  ['/account/profile/verify', 'src/features/verify/VerificationPage.tsx'],
  ['/account/profile/security', 'src/features/auth/security/SecurityPage.tsx'],
  ['/account/profile/security/change-password', 'src/features/auth/security/ChangePasswordPage.tsx'],
  ['/account/profile/security/change-email', 'src/features/auth/security/ChangeEmailPage.tsx'],
  ['/conversion', 'src/features/convert/ConversionPage.tsx'],
  ['/deposit', 'src/features/deposit/DepositPage.tsx'],
  ['/withdraw', 'src/features/withdraw/WithdrawPage.tsx'],
  ['/earn/* (navigation bar)', 'src/features/earn/EarnLayout.tsx'],
  ['/earn', 'src/features/earn/pages/EarnOverviewPage.tsx'],
  ['/earn/simple-earn', 'src/features/earn/pages/SimpleEarnPage.tsx'],
  ['/earn/my-earnings', 'src/features/earn/pages/MyEarningsPage.tsx'],
  ['/tradingviewEmbed', 'src/features/chart/ChartEmbedPage.tsx'],
  ['/help/category/announcements', 'src/features/help/AnnouncementsPage.tsx'],
  ['/notifications', 'src/features/notifications/NotificationsPage.tsx'],
  ['/help/{articleSlug}', 'src/features/help/ArticlePage.tsx'],
  ['/pages/morePages/CampaignCenter', 'src/features/rewards/CampaignCenterPage.tsx'],
  ['/pages/morePages/MyRewards', 'src/features/rewards/MyRewardsPage.tsx'],
  ['/pages/morePages/Referral', 'src/features/rewards/ReferralPage.tsx'],
  ['/proof-of-reserves', 'src/features/reserves/ProofOfReservesPage.tsx'],
  ['/account/profile/preferences (placeholders)', 'src/app/placeholders/FeaturePlaceholderPage.tsx'],
  ['coming-soon routes', 'src/app/placeholders/ComingSoonPage.tsx'],
  ['* (404)', 'src/app/placeholders/NotFoundPage.tsx'],
];

const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(distDir, file))).length);
  return gzipCache.get(file);
}

/** The chunk of `key` plus everything it imports statically, as manifest keys. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}. Update ROUTES in scripts/route-sizes.mjs.`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) withStaticImports(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The build manifest has no entry chunk');
const entryKeys = withStaticImports(entryKey);
const entryFiles = new Set([...entryKeys].map((key) => manifest[key].file));
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

const rows = ROUTES.map(([route, source]) => {
  const keys = withStaticImports(source, new Set(entryKeys));
  const files = new Set([...keys].map((key) => manifest[key].file));
  const cssFiles = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  const routeOnly = [...files].filter((file) => !entryFiles.has(file));
  return { route, source, jsGzipBytes: sum(files), routeJsGzipBytes: sum(routeOnly), cssGzipBytes: sum(cssFiles) };
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nFirst-load size per route (gzip):');
console.table(
  Object.fromEntries(
    rows.map((r) => [r.route, { 'JS total': kb(r.jsGzipBytes), 'route JS': kb(r.routeJsGzipBytes), CSS: kb(r.cssGzipBytes) }]),
  ),
);

const landing = rows.find((r) => r.route === '/');
const report = { budget: { route: '/', maxJsGzipBytes: LANDING_BUDGET_BYTES }, entryJsGzipBytes: sum(entryFiles), routes: rows };
writeFileSync(join(distDir, 'route-sizes.json'), `${JSON.stringify(report, null, 2)}\n`);

if (landing.jsGzipBytes > LANDING_BUDGET_BYTES) {
  console.error(`Landing route ships ${kb(landing.jsGzipBytes)} of JS gzipped, over the ${kb(LANDING_BUDGET_BYTES)} budget.`);
  process.exit(1);
}
console.log(`Landing route: ${kb(landing.jsGzipBytes)} of ${kb(LANDING_BUDGET_BYTES)} budget.`);
