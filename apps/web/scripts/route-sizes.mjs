// Gzipped JavaScript each route downloads on first load, from Vite's build manifest.
// Fails the build when a route or a lazy chunk goes over its budget (BUDGETS, LAZY_BUDGETS).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const KB = 1024;
/** First-load JavaScript of a route: the landing page, and the spot page (Lighthouse mobile ≥ 90, issue 40). */
const BUDGETS = [
  ['/', 150 * KB],
  ['/spot-trading', 210 * KB],
];
/**
 * A chunk a page loads after its first paint, with what it imports that the page has not loaded:
 * the spot chart's first chunk (candles, volume, its layout) without indicators, drawings or depth.
 */
const LAZY_BUDGETS = [['spot chart', '/spot-trading', 'src/shared/chart/PriceChart.tsx', 64 * KB]];

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

const lazyRows = LAZY_BUDGETS.map(([name, route, source, maxJsGzipBytes]) => {
  const page = ROUTES.find(([r]) => r === route);
  const loaded = withStaticImports(page[1], new Set(entryKeys));
  const pageFiles = new Set([...loaded].map((key) => manifest[key].file));
  const files = [...withStaticImports(source)].map((key) => manifest[key].file).filter((file) => !pageFiles.has(file));
  return { name, route, source, maxJsGzipBytes, jsGzipBytes: sum(new Set(files)) };
});
console.log('\nLazy chunks after their page (gzip):');
console.table(Object.fromEntries(lazyRows.map((r) => [r.name, { JS: kb(r.jsGzipBytes), budget: kb(r.maxJsGzipBytes) }])));

const budgets = [
  ...BUDGETS.map(([route, maxJsGzipBytes]) => ({ name: `route ${route}`, maxJsGzipBytes, jsGzipBytes: rows.find((r) => r.route === route).jsGzipBytes })),
  ...lazyRows,
];
const report = { budgets: budgets.map(({ name, maxJsGzipBytes, jsGzipBytes }) => ({ name, maxJsGzipBytes, jsGzipBytes })), entryJsGzipBytes: sum(entryFiles), routes: rows };
writeFileSync(join(distDir, 'route-sizes.json'), `${JSON.stringify(report, null, 2)}\n`);

const over = budgets.filter((b) => b.jsGzipBytes > b.maxJsGzipBytes);
for (const b of budgets) console.log(`${b.name}: ${kb(b.jsGzipBytes)} of ${kb(b.maxJsGzipBytes)} budget.`);
if (over.length > 0) {
  for (const b of over) console.error(`${b.name} ships ${kb(b.jsGzipBytes)} of JS gzipped, over the ${kb(b.maxJsGzipBytes)} budget.`);
  process.exit(1);
}
