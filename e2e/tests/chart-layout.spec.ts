import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { createUser, signIn, type TestUser } from './session';

/** The chart's words in each language the tests read it in. */
const texts = {
  en: { locale: 'en-US', indicators: 'Indicators', onChart: 'Indicators on the chart', depth: 'Depth', depthChart: 'Depth chart', bids: 'Bids', asks: 'Asks' },
  es: { locale: 'es-ES', indicators: 'Indicadores', onChart: 'Indicadores en el gráfico', depth: 'Profundidad', depthChart: 'Gráfico de profundidad', bids: 'Compras', asks: 'Ventas' },
} as const;
type Words = (typeof texts)[keyof typeof texts];

const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

const chartToolbar = (page: Page) => page.locator('.price-chart__toolbar');
const legend = (page: Page, words: Words) => page.getByRole('list', { name: words.onChart });
/** Rows of the chart's own table: lightweight-charts lays out one row per pane and one for the time axis. */
const chartRows = (page: Page) => page.locator('.price-chart__canvas table tr');

async function openSpotChart(page: Page) {
  await page.goto('/spot-trading');
  await expect(chartToolbar(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.price-chart__canvas canvas').first()).toBeVisible({ timeout: 30_000 });
}

async function addIndicator(page: Page, words: Words, name: string) {
  await chartToolbar(page).getByRole('button', { name: words.indicators }).click();
  const toggle = page.getByRole('group', { name: words.indicators }).getByRole('button', { name, exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

/** Another device: a session of its own, from a login of its own. */
async function loginAgain(page: Page, user: TestUser): Promise<TestUser> {
  const login = await page.request.post('/api/user_account/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { jwt_token: string };
  expect(body.jwt_token).not.toBe(user.token);
  return { ...user, token: body.jwt_token };
}

for (const [language, words] of Object.entries(texts)) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test.describe(`the spot chart in ${language} on ${device}`, () => {
      test.use({ locale: words.locale, viewport });

      test('an indicator added is still there after a reload and on another device', async ({ page, request, browser }) => {
        // Three page loads of the spot page, one in a second browser context, on a shared 2-core machine.
        test.setTimeout(180_000);
        const user = await createUser(request, `chart-${language}-${device}`);
        await signIn(page, user);
        await openSpotChart(page);
        const rowsBefore = await chartRows(page).count();
        const saved = page.waitForResponse((r) => r.url().includes('/api/v1/chart-layouts/spot') && r.request().method() === 'PUT');
        await addIndicator(page, words, 'RSI');
        expect((await saved).status()).toBe(200);
        await expect(legend(page, words)).toContainText('RSI(14)');
        // RSI draws in a pane of its own below the prices.
        await expect.poll(() => chartRows(page).count()).toBeGreaterThan(rowsBefore);

        await page.reload();
        await expect(legend(page, words)).toContainText('RSI(14)', { timeout: 30_000 });
        await expect.poll(() => chartRows(page).count(), { timeout: 30_000 }).toBeGreaterThan(rowsBefore);

        const other = await browser.newContext({ locale: words.locale, viewport });
        try {
          const second = await other.newPage();
          await signIn(second, await loginAgain(second, user));
          await openSpotChart(second);
          await expect(legend(second, words)).toContainText('RSI(14)');
          await expect.poll(() => chartRows(second).count()).toBeGreaterThan(rowsBefore);
          await chartToolbar(second).getByRole('button', { name: words.indicators }).click();
          await expect(second.getByRole('group', { name: words.indicators }).getByRole('button', { name: 'RSI', exact: true })).toHaveAttribute('aria-pressed', 'true');
        } finally {
          await other.close();
        }
      });

      test('the price axis writes prices as the page’s other prices, grouped and with the language’s decimal sign', async ({ page }) => {
        // The axis is drawn on a canvas: its labels are read from the canvas calls that write them.
        await page.addInitScript(() => {
          const drawn: string[] = [];
          (window as unknown as { chartTexts: string[] }).chartTexts = drawn;
          const fillText = CanvasRenderingContext2D.prototype.fillText;
          CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
            if (drawn.length < 5000) drawn.push(String(text));
            return fillText.call(this, text, ...rest);
          };
        });
        await openSpotChart(page);
        const grouped = words.locale === 'en-US' ? /^\d{1,3}(,\d{3})+\.\d{2}$/ : /^\d{1,3}(\.\d{3})+,\d{2}$/;
        const labels = () => page.evaluate(() => (window as unknown as { chartTexts: string[] }).chartTexts.filter((text) => /^[\d.,]+$/.test(text)));
        // BTC trades near 100,000: its axis ticks and last price have two groups of thousands.
        await expect.poll(async () => (await labels()).filter((text) => grouped.test(text)).length, { timeout: 30_000 }).toBeGreaterThan(3);
        expect((await labels()).filter((text) => /^\d{5,}([.,]\d+)?$/.test(text)), 'prices written without thousands separators').toEqual([]);
      });

      test('the depth view draws the book’s levels', async ({ page }) => {
        await openSpotChart(page);
        await chartToolbar(page).getByRole('button', { name: words.depth, exact: true }).click();
        const figure = page.getByRole('figure', { name: words.depthChart });
        await expect(figure).toBeVisible({ timeout: 30_000 });
        await expect(figure.locator('path.depth-chart__bids')).toHaveAttribute('d', /^M[\d.]+,400( [VH][\d.]+)+ V400Z$/);
        await expect(figure.locator('path.depth-chart__asks')).toHaveAttribute('d', /^M[\d.]+,400( [VH][\d.]+)+ V400Z$/);
        // The book and the depth view move with every tick: read both in one go until a tick has reached both.
        await expect
          .poll(
            () =>
              page.evaluate(
                ({ bidsName, asksName }) => {
                  const bookRows = (name: string) =>
                    Array.from(document.querySelectorAll(`ol[aria-label="${name}"] li`)).map((li) => {
                      const cells = li.querySelectorAll('.ob-price, .ob-num');
                      return `${cells[0]?.textContent}|${cells[2]?.textContent}`;
                    });
                  const depthRows = (side: string) =>
                    Array.from(document.querySelectorAll(`.depth-chart table tr[data-side="${side}"]`)).map((tr) => {
                      const cells = tr.querySelectorAll('td');
                      return `${cells[1]?.textContent}|${cells[3]?.textContent}`;
                    });
                  const bids = bookRows(bidsName);
                  const asks = bookRows(asksName).reverse();
                  const ok =
                    bids.length > 0 &&
                    asks.length > 0 &&
                    JSON.stringify(depthRows('bid').slice(0, bids.length)) === JSON.stringify(bids) &&
                    JSON.stringify(depthRows('ask').slice(0, asks.length)) === JSON.stringify(asks);
                  return ok;
                },
                { bidsName: words.bids, asksName: words.asks },
              ),
            { timeout: 30_000 },
          )
          .toBe(true);
        expect(await blockingViolations(page, '.price-chart')).toBe('');
      });
    });
  }
}

test('signed out, the layout stays in this browser', async ({ page }) => {
  const words = texts.en;
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/chart-layouts')) puts.push(r.method());
  });
  await openSpotChart(page);
  await addIndicator(page, words, 'MACD');
  expect(await blockingViolations(page, '.price-chart')).toBe('');
  await page.getByRole('group', { name: words.indicators }).getByRole('button', { name: 'MACD', exact: true }).press('Escape');
  await expect(page.getByRole('group', { name: words.indicators, exact: true })).toBeHidden();
  await chartToolbar(page).getByRole('button', { name: '1W', exact: true }).click();
  await page.reload();
  await expect(legend(page, words)).toContainText('MACD(12,26,9)', { timeout: 30_000 });
  await expect(chartToolbar(page).getByRole('button', { name: '1W', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(puts).toEqual([]);
});

for (const [path, name] of [['/spot-trading', 'spot'], ['/future-trading', 'futures']] as const) {
  test(`signed in, a ${name} chart never saved opens with no error in the console`, async ({ page, request }) => {
    const user = await createUser(request, `chart-none-${name}`);
    await signIn(page, user);
    const errors: string[] = [];
    page.on('console', (message) => {
      // signIn's script-free page is an SVG document, for which Chromium asks for /favicon.ico.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
    });
    const read = page.waitForResponse((r) => r.url().includes(`/api/v1/chart-layouts/${name}?`) && r.request().method() === 'GET');
    await page.goto(path);
    const answer = await read;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toBeNull();
    await expect(chartToolbar(page)).toBeVisible({ timeout: 30_000 });
    // A change saved is a round trip after the read: the read's console line, had it one, came before.
    const saved = page.waitForResponse((r) => r.url().includes(`/api/v1/chart-layouts/${name}`) && r.request().method() === 'PUT');
    await chartToolbar(page).getByRole('button', { name: '1W', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect(errors).toEqual([]);
  });
}
