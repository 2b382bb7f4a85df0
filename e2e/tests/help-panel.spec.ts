import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createUser, placeLimitBuy, signIn, type TestUser } from './session';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Two filled buys and two resting ones, so the order history has rows, a Total and a Status. */
async function placeOrders(request: APIRequestContext, user: TestUser): Promise<void> {
  for (const symbol of ['BTC', 'ETH']) {
    const amount = symbol === 'BTC' ? '0.001' : '0.01';
    for (const priceFactor of [1.02, 0.9]) await placeLimitBuy(request, user, { symbol, amount, priceFactor });
  }
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every control and cell in `area` that lies under `help`. The boxes are read in the page in one
 * call: asked one element at a time, the order history's dozens of cells took a round trip each, and
 * on a loaded machine the test ran out of time reading them.
 */
async function coveredBy(help: Locator, area: Locator): Promise<string[]> {
  const helpBox = await help.boundingBox();
  expect(helpBox).not.toBeNull();
  const items = await area.locator('a, button, th, td').evaluateAll((elements) =>
    elements.map((item) => {
      const { x, y, width, height } = item.getBoundingClientRect();
      return { box: { x, y, width, height }, name: (item.getAttribute('aria-label') ?? (item as HTMLElement).innerText).trim() };
    }),
  );
  return items.filter(({ box }) => box.width > 0 && intersects(helpBox!, box)).map(({ name }) => name);
}

/**
 * Scrolls to the page's end as it is painted: the help's room at the bottom is set by its
 * ResizeObserver, which reports in the frame's rendering step, after the DOM has changed and
 * before the paint, so the end is measured after the next frame.
 */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

async function openOrderHistory(page: Page): Promise<Locator> {
  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByRole('tab', { name: 'Order History' }).click();
  await expect(orders.getByRole('button', { name: 'Refresh order history' })).toBeVisible();
  // On a phone the rows are cards and the header row is hidden, so wait for a row's cells instead.
  await expect(orders.getByRole('cell').first()).toBeVisible();
  return orders;
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: the Need Help panel stays minimised after a reload and covers none of the order history`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const user = await createUser(request, `help-${viewport.name}`);
    await placeOrders(request, user);
    await signIn(page, user);

    await page.goto('/spot-trading?coin_pair_id=1');
    const panel = page.getByRole('region', { name: 'Need Help?' });
    const launcher = page.getByRole('button', { name: 'Open help' });
    if (viewport.name === 'phone') {
      // A phone's first visit shows only the launcher: the expanded panel would cover the page.
      await expect(launcher).toBeVisible();
      await expect(panel).toHaveCount(0);
      await launcher.click();
    }
    await expect(panel.getByRole('button', { name: 'Start Tour' })).toBeVisible();
    if (viewport.name === 'desktop') {
      // Expanded on the first visit, it still covers none of the order history, wherever it is scrolled.
      const firstHistory = await openOrderHistory(page);
      await firstHistory.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      expect(await coveredBy(panel, firstHistory)).toEqual([]);
      await firstHistory.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      expect(await coveredBy(panel, firstHistory)).toEqual([]);
    }
    await panel.getByRole('button', { name: 'Minimise help' }).click();
    await expect(launcher).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible();
    await expect(launcher).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Tour' })).toHaveCount(0);

    const history = await openOrderHistory(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await coveredBy(launcher, history)).toEqual([]);
    if (viewport.name === 'desktop') {
      // Scrolling never brings the history under it: it sits in a strip kept free for it.
      await history.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      expect(await coveredBy(launcher, history)).toEqual([]);
    } else {
      // On a phone it sits inside the fixed Buy/Sell bar's free end: it covers nothing the bar does not.
      const bar = await page.locator('.spot-mobile-bar').boundingBox();
      const fab = await launcher.boundingBox();
      expect(bar && fab && fab.y >= bar.y && fab.y + fab.height <= bar.y + bar.height).toBe(true);
    }
    await scrollToEnd(page);
    expect(await coveredBy(launcher, history)).toEqual([]);
    expect(await coveredBy(launcher, page.locator('footer'))).toEqual([]);

    // Opened again, the panel takes more room: the page's end still scrolls clear of it.
    await launcher.click();
    await expect(panel).toBeVisible();
    await scrollToEnd(page);
    expect(await coveredBy(panel, history)).toEqual([]);
    expect(await coveredBy(panel, page.locator('footer'))).toEqual([]);
  });
}

test('a finished tour is remembered: the next visit starts from the launcher', async ({ page, request }) => {
  const user = await createUser(request, 'help-seen');
  await signIn(page, user);
  await page.goto('/transfer');
  await page.getByRole('button', { name: 'Start Tour' }).click();
  const card = page.getByRole('dialog');
  await card.getByRole('button', { name: 'Skip to End' }).click();
  await card.getByRole('button', { name: 'Start Transferring' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open help' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Need Help?' })).toHaveCount(0);
});

for (const path of ['/spot-trading', '/future-trading']) {
  test(`desktop: the expanded Need Help panel of a first visit covers none of the trade form on ${path}`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const user = await createUser(request, 'help-form');
    await signIn(page, user);
    await page.goto(path);
    const panel = page.getByRole('region', { name: 'Need Help?' });
    await expect(panel.getByRole('button', { name: 'Start Tour' })).toBeVisible();
    const form = page.locator('[data-tour="trade-form"]').first();
    await expect(form.locator('button').first()).toBeVisible();
    expect(await coveredBy(panel, form)).toEqual([]);
  });
}
