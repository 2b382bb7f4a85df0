import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { scannedRoutes, type ScannedRoute } from './routes';
import { createUser, signIn } from './session';

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Viewport = (typeof viewports)[keyof typeof viewports];
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Spinners and "Loading ..." texts are gone. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}

async function expectNoViolations(page: Page, what: string, include?: string): Promise<void> {
  expect.soft(await blockingViolations(page, include), `serious or critical axe violations on ${what}`).toBe('');
}

/** Reduced motion: axe measures a dialog's colours at rest, not halfway through its fade-in. */
async function newPage(browser: Browser, viewport: Viewport, state?: StorageState): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(state ? { storageState: state } : {}) });
  return context.newPage();
}

/**
 * Puts a page back to a first visit with `state`: cookies, local and session storage as a new
 * context would have them. What stays is the HTTP cache, as for a returning visitor. It waits on a
 * script-free file of the site, so no page of the app writes to its storage in between.
 */
async function asFirstVisit(page: Page, state?: StorageState): Promise<void> {
  // Each scan ends on that file; a scan that failed before it may not have.
  if (new URL(page.url()).pathname !== '/favicon.svg') await page.goto('/favicon.svg');
  await page.context().clearCookies();
  if (state?.cookies.length) await page.context().addCookies(state.cookies);
  await page.evaluate((origins) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const origin of origins) if (origin.origin === location.origin) for (const { name, value } of origin.localStorage) localStorage.setItem(name, value);
  }, state?.origins ?? []);
}

/**
 * A page per viewport and signed-in state, made once in each worker and put back to a first visit
 * for every route: a new context for each of the scans (148 then) cost about 0.5 s, and its empty cache
 * about as much again in loading the app's code.
 */
const scan = test.extend<object, { signedInState: StorageState; scanPage: (viewport: Viewport, signedIn: boolean) => Promise<Page> }>({
  signedInState: [
    async ({ browser, playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const user = await createUser(request, 'axe');
      await request.dispose();
      const context = await browser.newContext();
      await signIn(await context.newPage(), user);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  scanPage: [
    async ({ browser, signedInState }, use) => {
      const pages = new Map<string, Page>();
      await use(async (viewport, signedIn) => {
        const key = `${viewport.width}x${viewport.height} ${signedIn}`;
        const state = signedIn ? signedInState : undefined;
        const kept = pages.get(key);
        if (kept && !kept.isClosed()) {
          await asFirstVisit(kept, state);
          return kept;
        }
        const page = await newPage(browser, viewport, state);
        pages.set(key, page);
        return page;
      });
      for (const page of pages.values()) await page.context().close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Signed out, a private page shows the shared log-in prompt where its content would be: a few of
 * them, one for each kind of layout around the prompt, stand for the rest, which would scan the same
 * prompt again (a third of the scans, 2026-11-29). Signed in, the log-in page only sends the visitor on.
 * A page that reads no session (routes.ts, `sessionFree`) is scanned signed in only: signed out only
 * its header would differ, and the signed-out header is scanned on every other public route (28 of
 * 128 route scans, about 150 s of the browser suite's test time, 2026-11-30).
 */
const LOGIN_PROMPT_SAMPLES = new Set(['/assets', '/account/overview', '/earn/my-earnings']);

function scannedWhen(route: ScannedRoute, signedIn: boolean): boolean {
  if (signedIn) return !route.signedOutOnly;
  if (route.sessionFree) return false;
  return !route.private || LOGIN_PROMPT_SAMPLES.has(route.path);
}

// One test per page, spread over both workers (fullyParallel): a slow page gets its own time limit instead of
// eating a whole viewport's, and the scans no longer queue behind one another.
for (const [device, viewport] of Object.entries(viewports)) {
  for (const signedIn of [false, true]) {
    scan.describe(`axe on every route, ${device}, ${signedIn ? 'signed in' : 'signed out'}`, () => {
      for (const route of scannedRoutes.filter((r) => scannedWhen(r, signedIn))) {
        scan(route.path, async ({ scanPage }) => {
          const page = await scanPage(viewport, signedIn);
          await page.goto(route.path);
          if (route.ready) await expect(route.ready(page)).toBeVisible();
          await settled(page);
          await expectNoViolations(page, route.path);
          // A kept page left on a live page would go on drawing market data while other scans run.
          await page.goto('/favicon.svg');
        });
      }
    });
  }
}

scan('axe finds nothing serious in the open menus, dialogs and pickers on a desktop', async ({ browser, signedInState }) => {
  scan.setTimeout(120_000);
  const page = await newPage(browser, viewports.desktop, signedInState);
  const header = page.getByRole('banner');
  await page.goto('/');
  await settled(page);

  for (const name of ['Trade', 'More', 'Assets', 'Account']) {
    await header.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(header.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, `the ${name} menu`, 'header');
    await page.keyboard.press('Escape');
  }
  for (const name of ['Download app', /^Notifications/]) {
    await header.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(header.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'true');
    await expectNoViolations(page, `the ${String(name)} panel`, 'header');
    await page.keyboard.press('Escape');
  }
  for (const name of ['Language and currency', 'Affiliates']) {
    await header.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, `the ${name} dialog`, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  await page.goto('/spot-trading?coin_pair_id=1');
  await page.getByRole('button', { name: 'BTC/USDT', expanded: false }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expectNoViolations(page, 'the open coin picker', '.spot-picker');
  await page.keyboard.press('Escape');
  await page.getByRole('toolbar', { name: 'Market tools' }).getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the coming-soon dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.goto('/transfer');
  await page.getByRole('button', { name: /^Asset / }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expectNoViolations(page, 'the open asset picker', '.asset-picker');
  await page.context().close();
});

scan('axe finds nothing serious in the menu, search and order sheet on a phone', async ({ browser, signedInState }) => {
  scan.setTimeout(120_000);
  const page = await newPage(browser, viewports.phone, signedInState);
  await page.goto('/');
  await settled(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Trade' }).click();
  await expectNoViolations(page, 'the phone menu', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Open coin search' }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Search coins' })).toBeFocused();
  await page.keyboard.type('bt');
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  await expectNoViolations(page, 'the phone coin search', '[role="dialog"]');
  await page.keyboard.press('Escape');

  await page.goto('/spot-trading?coin_pair_id=1');
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sell BTC' })).toBeVisible();
  await expectNoViolations(page, 'the Sell sheet', '[role="dialog"]');
  await page.context().close();
});
