import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { scannedRoutes } from './routes';
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

let signedInState: StorageState;

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await createUser(request, 'axe');
  await request.dispose();
  const context = await browser.newContext();
  await signIn(await context.newPage(), user);
  signedInState = await context.storageState();
  await context.close();
});

/** Reduced motion: axe measures a dialog's colours at rest, not halfway through its fade-in. */
async function newPage(browser: Browser, viewport: Viewport, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(signedIn ? { storageState: signedInState } : {}) });
  return context.newPage();
}

// One test per page, spread over both workers: a slow page gets its own time limit instead of
// eating a whole viewport's, and the four scans of ~55 pages no longer queue behind one another.
for (const [device, viewport] of Object.entries(viewports)) {
  for (const signedIn of [false, true]) {
    test.describe(`axe on every route, ${device}, ${signedIn ? 'signed in' : 'signed out'}`, () => {
      test.describe.configure({ mode: 'parallel' });
      for (const route of scannedRoutes) {
        test(route.path, async ({ browser }) => {
          const page = await newPage(browser, viewport, signedIn);
          await page.goto(route.path);
          if (route.ready) await expect(route.ready(page)).toBeVisible();
          await settled(page);
          await expectNoViolations(page, route.path);
          await page.context().close();
        });
      }
    });
  }
}

test('axe finds nothing serious in the open menus, dialogs and pickers on a desktop', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, viewports.desktop, true);
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

test('axe finds nothing serious in the menu, search and order sheet on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, viewports.phone, true);
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
