import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { createUser, placeLimitBuy, signIn, type TestUser } from './session';

/**
 * Issue 40 item 6: the "Need Help?" panel floats over the page like a chat widget. The trading
 * layout keeps its whole width whether it is open or minimised, the open panel covers neither the
 * order book nor the trade form, its end of the page scrolls clear of it, Escape and its close
 * button minimise it, and on a phone it is a full-width sheet.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const LANGUAGES = {
  en: { help: 'Need Help?', open: 'Open help', minimise: 'Minimise help', start: 'Start Tour', orders: 'Orders', history: 'Order History' },
  es: {
    help: '¿Necesitas ayuda?',
    open: 'Abrir ayuda',
    minimise: 'Minimizar ayuda',
    start: 'Iniciar recorrido',
    orders: 'Órdenes',
    history: 'Historial de órdenes',
  },
} as const;
type Language = keyof typeof LANGUAGES;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Two filled buys and two resting ones, so the order history has rows. */
async function placeOrders(request: APIRequestContext, user: TestUser): Promise<void> {
  for (const symbol of ['BTC', 'ETH']) {
    const amount = symbol === 'BTC' ? '0.001' : '0.01';
    for (const priceFactor of [1.02, 0.9]) await placeLimitBuy(request, user, { symbol, amount, priceFactor });
  }
}

/** A signed-in page of a first visit, in the language, the way a trader who chose it opens the site. */
async function openAs(browser: Browser, user: TestUser, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, user);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  return page;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every control and cell in `area` that lies under `help`. The boxes are read in the page in one
 * call: asked one element at a time, the order history's dozens of cells took a round trip each.
 */
async function coveredBy(help: Locator, area: Locator): Promise<string[]> {
  const helpBox = await help.boundingBox();
  expect(helpBox).not.toBeNull();
  const items = await area.locator('a, button, input, th, td').evaluateAll((elements) =>
    elements.map((item) => {
      const { x, y, width, height } = item.getBoundingClientRect();
      return { box: { x, y, width, height }, name: (item.getAttribute('aria-label') ?? (item as HTMLElement).innerText).trim() };
    }),
  );
  return items.filter(({ box }) => box.width > 0 && intersects(helpBox!, box)).map(({ name }) => name);
}

/**
 * Scrolls to the page's end as it is painted: the help's room at the bottom is set by its
 * ResizeObserver, which reports in the frame's rendering step, so the end is measured after the next frame.
 */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** The chart's, the book's and the form's boxes, where they sit in the page. */
async function tradingColumns(page: Page): Promise<Box[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes: Box[] = [];
  for (const part of ['chart', 'order-book', 'trade-form']) {
    const box = await page.locator(`.spot-page [data-tour="${part}"]`).first().boundingBox();
    expect(box, part).not.toBeNull();
    boxes.push(box!);
  }
  return boxes;
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];
  for (const path of ['/spot-trading?coin_pair_id=1', '/future-trading?coin_pair_id=1']) {
    test(`desktop 1440 px, ${language}: with the Need Help panel open ${path} leaves no empty column, and the panel covers neither book nor form`, async ({
      browser,
      request,
    }) => {
      const user = await createUser(request, `help-width-${language}`);
      const page = await openAs(browser, user, language, DESKTOP);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const panel = page.getByRole('region', { name: words.help });
      const launcher = page.getByRole('button', { name: words.open });
      // A first visit on a wide screen opens it expanded.
      await expect(panel.getByRole('button', { name: words.start })).toBeVisible();
      const form = page.locator('.spot-page [data-tour="trade-form"]');
      await expect(form.locator('button').first()).toBeVisible();
      const open = await tradingColumns(page);

      const [, book, trade] = open;
      // The form runs to the page's right edge (the page's own 4 px padding aside): no column is kept free.
      expect(DESKTOP.width - (trade!.x + trade!.width)).toBeLessThanOrEqual(8);
      expect(book!.x + book!.width).toBeLessThanOrEqual(trade!.x);
      expect(await coveredBy(panel, form)).toEqual([]);
      expect(await coveredBy(panel, page.locator('.spot-page [data-tour="order-book"]'))).toEqual([]);
      expect(intersects((await panel.boundingBox())!, book!), 'the panel is off the order book').toBe(false);
      expect(intersects((await panel.boundingBox())!, trade!), 'the panel is off the trade form').toBe(false);
      // Bounded: the whole panel is on screen, under the header.
      const panelBox = (await panel.boundingBox())!;
      expect(panelBox.y).toBeGreaterThanOrEqual(64);
      expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(DESKTOP.height);
      await page.screenshot({ path: test.info().outputPath(`help-open-${language}.png`) });

      await panel.getByRole('button', { name: words.minimise }).click();
      await expect(panel).toHaveCount(0);
      await expect(launcher).toBeFocused();
      const minimised = await tradingColumns(page);
      // The chart, the book and the form keep their places and widths, open or minimised.
      for (const [index, box] of minimised.entries()) {
        expect(box.x, `column ${index} x`).toBeCloseTo(open[index]!.x, 0);
        expect(box.width, `column ${index} width`).toBeCloseTo(open[index]!.width, 0);
      }
      await page.context().close();
    });
  }
}

/**
 * What of `area` lies under `launcher` anywhere the page is scrolled: each control and each element
 * with text of its own, at every 100 px of the page (read in the page, in one call).
 */
async function coveredWhileScrolling(launcher: Locator, area: Locator): Promise<string[]> {
  const handle = await area.elementHandle();
  return launcher.evaluate((fab, root) => {
    const hits = new Set<string>();
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(end, y + 100)) {
      window.scrollTo(0, y);
      const b = fab.getBoundingClientRect();
      const under = (e: DOMRect) => e.width > 0 && e.height > 0 && e.x < b.x + b.width && b.x < e.x + e.width && e.y < b.y + b.height && b.y < e.y + e.height;
      for (const item of root!.querySelectorAll('*')) {
        // A control by its box; a text by the box of its words (a centred line's box spans the row).
        const boxes = item.matches('a, button, input, select, textarea, :is([role=button], [role=tab], [role=slider], [role=checkbox], [role=radio], [role=switch], [role=combobox], [role=link])')
          ? [item.getBoundingClientRect()]
          : Array.from(item.childNodes)
              .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')
              .flatMap((node) => {
                const range = document.createRange();
                range.selectNodeContents(node);
                return Array.from(range.getClientRects());
              });
        if (boxes.some(under)) hits.add(`${(item.getAttribute('aria-label') ?? item.textContent ?? '').trim().slice(0, 40)} (scrolled ${y} px)`);
      }
      if (y >= end) break;
    }
    window.scrollTo(0, 0);
    return [...hits];
  }, handle);
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];
  for (const path of ['/future-trading?coin_pair_id=1', '/spot-trading?coin_pair_id=1']) {
    test(`desktop 1440×900, ${language}: the minimised launcher on ${path} covers no row of the trade form, book or orders, wherever the page is scrolled`, async ({ browser, request }) => {
      const user = await createUser(request, `help-launcher-${language}`);
      const page = await openAs(browser, user, language, DESKTOP);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('region', { name: words.help }).getByRole('button', { name: words.minimise }).click();
      const launcher = page.getByRole('button', { name: words.open });
      await expect(launcher).toBeFocused();
      // The futures form's last rows (costs, Buy / Long, Sell / Short) run to the foot of this screen.
      const form = page.locator('.spot-page [data-tour="trade-form"]');
      await expect(form.getByRole('button').last()).toBeAttached();
      await expect(page.locator('.spot-page [data-tour="order-book"] .ob-num').first()).toBeVisible();
      expect(await coveredWhileScrolling(launcher, form)).toEqual([]);
      expect(await coveredWhileScrolling(launcher, page.locator('.spot-page [data-tour="order-book"]'))).toEqual([]);
      expect(await coveredWhileScrolling(launcher, page.locator('.spot-page [data-tour="orders"]'))).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`help-launcher-${language}.png`) });
      await page.context().close();
    });
  }
}

test('phone: on the futures page too the launcher sits in the Buy/Sell bar’s free end', async ({ browser, request }) => {
  const user = await createUser(request, 'help-phone-futures');
  const page = await openAs(browser, user, 'es', PHONE);
  await page.goto('/future-trading?coin_pair_id=1');
  const launcher = page.getByRole('button', { name: LANGUAGES.es.open });
  await expect(launcher).toBeVisible();
  const bar = (await page.locator('.spot-mobile-bar').boundingBox())!;
  const fab = (await launcher.boundingBox())!;
  expect(fab.y >= bar.y && fab.y + fab.height <= bar.y + bar.height).toBe(true);
  expect(await coveredBy(launcher, page.locator('.spot-mobile-bar'))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('help-launcher-phone-futures-es.png') });
  await page.context().close();
});

test('desktop: the open panel floats over no order history row once the page is scrolled to its end; Escape minimises it and focus follows', async ({ browser, request }) => {
  const user = await createUser(request, 'help-history');
  await placeOrders(request, user);
  const page = await openAs(browser, user, 'en', DESKTOP);
  await page.goto('/spot-trading?coin_pair_id=1');
  const panel = page.getByRole('region', { name: 'Need Help?' });
  const launcher = page.getByRole('button', { name: 'Open help' });
  await expect(panel.getByRole('button', { name: 'Start Tour' })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByRole('tab', { name: 'Order History' }).click();
  await expect(orders.getByRole('cell').first()).toBeVisible();
  await scrollToEnd(page);
  expect(await coveredBy(panel, orders)).toEqual([]);
  expect(await coveredBy(panel, page.locator('footer'))).toEqual([]);

  // The launcher opens it with focus inside; Escape gives it back to the launcher.
  await panel.getByRole('button', { name: 'Minimise help' }).click();
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Minimise help' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(launcher).toBeFocused();

  // Minimised it stays so after a reload, and the launcher covers none of the history either.
  await page.reload();
  await expect(launcher).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Tour' })).toHaveCount(0);
  await orders.getByRole('tab', { name: 'Order History' }).click();
  await expect(orders.getByRole('cell').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await coveredBy(launcher, orders)).toEqual([]);
  await orders.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await coveredBy(launcher, orders)).toEqual([]);
  await scrollToEnd(page);
  expect(await coveredBy(launcher, orders)).toEqual([]);
  await page.context().close();
});

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];
  test(`phone, ${language}: the launcher opens the help as a full-width sheet above the Buy/Sell bar, and Escape closes it`, async ({ browser, request }) => {
    const user = await createUser(request, `help-phone-${language}`);
    await placeOrders(request, user);
    const page = await openAs(browser, user, language, PHONE);
    await page.goto('/spot-trading?coin_pair_id=1');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const panel = page.getByRole('region', { name: words.help });
    const launcher = page.getByRole('button', { name: words.open });
    // A phone's first visit shows only the launcher: the sheet would cover the page.
    await expect(launcher).toBeVisible();
    await expect(panel).toHaveCount(0);
    // The launcher sits inside the fixed Buy/Sell bar's free end: it covers nothing the bar does not.
    const bar = (await page.locator('.spot-mobile-bar').boundingBox())!;
    const fab = (await launcher.boundingBox())!;
    expect(fab.y >= bar.y && fab.y + fab.height <= bar.y + bar.height).toBe(true);
    expect(await coveredBy(launcher, page.locator('.spot-mobile-bar'))).toEqual([]);

    await launcher.click();
    await expect(panel.getByRole('button', { name: words.start })).toBeVisible();
    await expect(panel).toBeFocused();
    const sheet = (await panel.boundingBox())!;
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(PHONE.width);
    expect(sheet.height).toBeLessThanOrEqual(PHONE.height * 0.6 + 1);
    // It rests on the Buy/Sell bar, which stays usable under it.
    expect(Math.abs(sheet.y + sheet.height - bar.y)).toBeLessThanOrEqual(1);
    expect(await coveredBy(panel, page.locator('.spot-mobile-bar'))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`help-sheet-${language}.png`) });

    // The end of the page scrolls clear of it.
    const orders = page.getByRole('region', { name: words.orders });
    await orders.getByRole('tab', { name: words.history }).click();
    await expect(orders.getByRole('cell').first()).toBeVisible();
    await scrollToEnd(page);
    expect(await coveredBy(panel, orders)).toEqual([]);

    // A tap on the sheet puts focus in it, and Escape (a keyboard's) closes it from there.
    await panel.getByRole('heading', { name: words.help }).click();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(launcher).toBeFocused();
    await page.context().close();
  });
}

test('desktop: on the transfer page the open panel covers none of the form or the history rows, wherever the page is scrolled', async ({ browser, request }) => {
  const user = await createUser(request, 'help-transfer');
  const headers = { Authorization: `Bearer ${user.token}` };
  for (const [from, to] of [['spot', 'futures'], ['futures', 'spot'], ['spot', 'funding'], ['funding', 'spot'], ['spot', 'futures'], ['futures', 'spot']]) {
    const moved = await request.post('/api/v1/transfers', { headers, data: { apikey: 'nexa-web', uid: user.uid, transfer_from: from, transfer_to: to, symbol: 'USDT', amount: 12.5 } });
    expect(moved.status()).toBe(201);
  }
  const page = await openAs(browser, user, 'es', DESKTOP);
  await page.goto('/transfer');
  const panel = page.getByRole('region', { name: '¿Necesitas ayuda?' });
  await expect(panel.getByRole('button', { name: 'Iniciar recorrido' })).toBeVisible();
  const history = page.locator('section', { has: page.locator('#transfer-history-title') });
  await expect(history.getByRole('cell').nth(35)).toBeVisible();
  for (const block of ['start', 'center', 'end'] as const) {
    await history.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
    expect(await coveredBy(panel, history), `history scrolled to ${block}`).toEqual([]);
    expect(await coveredBy(panel, page.locator('form.transfer-form')), `form, history scrolled to ${block}`).toEqual([]);
  }
  await scrollToEnd(page);
  expect(await coveredBy(panel, history)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('help-transfer-es.png') });
  await page.context().close();
});

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
