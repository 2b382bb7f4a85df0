import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { admin, appCode, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser, signIn, type TestUser } from './session';

/**
 * Issue 43's markets and fees in the console. Both journeys change the whole exchange (a new market
 * in every coin list, the fee every Level 1 trade pays), so playwright.config.ts runs this file
 * after the rest of the suite, never beside a test that counts markets or checks a fee.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const TAB = { en: 'Markets and fees', es: 'Mercados y comisiones' };

async function makeAdmin(request: APIRequestContext, tag: string): Promise<{ user: TestUser; secret: string }> {
  const user = await createUser(request, tag);
  const secret = await enableAuthenticator(request, user);
  expect(await admin('operators', 'grant', user.email, 'admin')).toContain(`${user.email} is now admin`);
  return { user, secret };
}

async function openTab(page: Page, language: keyof typeof TAB = 'en') {
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('button', { name: TAB[language] }).click();
}

/** The page at both widths, nothing wider than the screen, saved for a look; an open dialog as the screen shows it. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size.width} px`).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/** The same page in Spanish (the language the header's picker stores), then back in English. */
async function shootInSpanish(page: Page, name: string, open: () => Promise<void>, { fullPage = true } = {}) {
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await openTab(page, 'es');
  await open();
  await shoot(page, `${name}-es`, { fullPage });
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await openTab(page);
}

test('an administrator lists a new spot pair from the catalogue, and a visitor sees its book at once', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { user: chief, secret } = await makeAdmin(request, 'lister');
  await page.setViewportSize(DESKTOP);
  await logInWithAuthenticator(page, chief, secret);
  await openTab(page);

  const form = page.getByRole('form', { name: 'List a market' });
  const market = form.getByLabel('Market');
  await expect(market.locator('option').first()).toBeAttached();
  const spot = (await market.locator('option').allTextContents()).find((o) => o.endsWith(' (spot)'));
  expect(spot, 'a spot pair left to list in the catalogue').toBeDefined();
  const instId = spot!.replace(' (spot)', '');
  const symbol = instId.replace('-USDT', '');
  await market.selectOption({ label: spot! });
  const tick = form.getByLabel('Tick size (USDT)');
  const catalogueTick = await tick.inputValue();
  const lot = await form.getByLabel(`Lot size (${symbol})`).inputValue();
  expect(Number(catalogueTick)).toBeGreaterThan(0);
  expect(Number(lot)).toBeGreaterThan(0);
  await form.getByLabel('Reason').fill('Listing committee, ticket 43');

  // A tick above the coin's price: the server's refusal stands under the tick field.
  await tick.fill('100000');
  await form.getByRole('button', { name: `List ${instId}` }).click();
  await expect(form.getByText('The tick size must be below the coin’s price')).toBeVisible();
  await expect(tick).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'listing-refused');

  await tick.fill(catalogueTick);
  await form.getByRole('button', { name: `List ${instId}` }).click();
  await expect(page.getByText(`${instId} is listed and can be traded now.`)).toBeVisible();
  const listed = page.getByRole('table', { name: 'Markets listed from the console' }).getByRole('row').filter({ hasText: instId });
  await expect(listed).toContainText(chief.email);
  await expect(page.getByRole('row').filter({ hasText: instId }).getByRole('button', { name: 'Halt' })).toBeVisible();
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on markets and fees').toBe('');
  await shoot(page, 'listing-done');
  await shootInSpanish(page, 'listing', async () => {
    await expect(page.getByRole('heading', { name: 'Listar un mercado' })).toBeVisible();
  });

  // Before any trade the coin list quotes the new market at its catalogue price, so the web reaches it.
  let pairId: number | undefined;
  await expect
    .poll(async () => {
      const coins = (await (await request.get('/api/v1/coins?apikey=nexa-web')).json()) as { symbol: string; coin_pair: number }[];
      pairId = coins.find((c) => c.symbol === symbol)?.coin_pair;
      return pairId;
    }, { message: `${symbol} in the coin list` })
    .toBeDefined();
  for (const size of [DESKTOP, PHONE]) {
    const visitor = await browser.newPage({ viewport: size });
    await visitor.goto(`/spot-trading?coin_pair_id=${pairId}`);
    await expect(visitor.getByRole('list', { name: 'Asks' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByRole('list', { name: 'Bids' }).getByRole('listitem').first()).toBeVisible();
    await visitor.screenshot({ path: test.info().outputPath(`listed-book-${size.width}.png`) });
    await visitor.close();
  }
});

test('an administrator changes the spot and futures taker fees of Level 1 and a Level 1 user’s fee details show them', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { user: chief, secret } = await makeAdmin(request, 'fees');
  const { user: deputy, secret: deputySecret } = await makeAdmin(request, 'fees-deputy');
  const reader = await createUser(request, 'fee-reader');
  const readerPage = await browser.newPage({ viewport: PHONE });
  await signIn(readerPage, reader);
  await readerPage.goto('/account/profile');
  await expect(readerPage.getByTestId('profile-fee-tier')).toHaveText('Level 1');

  await page.setViewportSize(DESKTOP);
  await logInWithAuthenticator(page, chief, secret);
  await openTab(page);
  const level1 = page.getByRole('table', { name: 'Trading fees per fee tier' }).getByRole('row').filter({ hasText: 'Level 1' });
  await expect(level1).toContainText('%');
  const before = (await (await request.get('/api/admin/fees', { headers: { authorization: `Bearer ${chief.token}` } })).json()) as {
    items: { tier: string; maker_rate: string; taker_rate: string; futures_maker_rate: string; futures_taker_rate: string }[];
  };
  const was = before.items.find((f) => f.tier === 'level_1')!;
  // A taker rate no other test uses: 0.05 points above today's.
  const newTaker = (Number(was.taker_rate) * 100 + 0.05).toFixed(4).replace(/0+$/, '');
  const newFuturesTaker = (Number(was.futures_taker_rate) * 100 + 0.03).toFixed(4).replace(/0+$/, '');

  await page.getByRole('button', { name: 'Change the fees of Level 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the fees of Level 1' });
  await dialog.getByLabel('Spot taker fee (%)').fill('2');
  await dialog.getByLabel('Reason').fill('Pricing review, ticket 43');
  await dialog.getByLabel('Your authenticator code').fill(appCode(secret, 30_000));
  await dialog.getByRole('button', { name: 'Save fees' }).click();
  // Above 1 %: the contract's refusal, before any call spends the code.
  await expect(dialog.getByRole('alert')).toHaveText(/The taker rate must be a number from 0 to 0.01/);
  await shoot(page, 'fees-refused', { fullPage: false });

  await dialog.getByLabel('Spot taker fee (%)').fill(newTaker);
  await dialog.getByLabel('Futures taker fee (%)').fill(newFuturesTaker);
  await dialog.getByRole('button', { name: 'Save fees' }).click();
  await expect(page.getByText(/^The fees of Level 1 are changed: spot maker .* %, taker .* %; futures maker .* %, taker .* %\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  try {
    await expect(level1).toContainText(`${newTaker} %`);
    await expect(level1).toContainText(`${newFuturesTaker} %`);
    await readerPage.getByRole('button', { name: 'Fee tier details' }).click();
    const details = readerPage.getByRole('dialog', { name: 'Trading fee tiers' });
    await expect(details.getByTestId('fee-tier-taker')).toHaveText(new RegExp(`^${newTaker.replace('.', '\\.')}0*%$`));
    await expect(details.getByTestId('fee-tier-futures-taker')).toHaveText(new RegExp(`^${newFuturesTaker.replace('.', '\\.')}0*%$`));
    await readerPage.screenshot({ path: test.info().outputPath('fee-details-390.png') });
  } finally {
    // The fee is the whole exchange's: the deputy sets it back with a code of their own (the chief's are spent).
    const restored = await request.put('/api/admin/fees/level_1', {
      headers: { authorization: `Bearer ${deputy.token}` },
      data: {
        maker_rate: was.maker_rate,
        taker_rate: was.taker_rate,
        futures_maker_rate: was.futures_maker_rate,
        futures_taker_rate: was.futures_taker_rate,
        reason: 'Back after the test',
        totp_code: appCode(deputySecret),
      },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
  // The table shows the deputy's change once loaded again.
  await openTab(page);
  await expect(level1).toContainText(deputy.email);
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the fee table').toBe('');
  await page.getByRole('button', { name: 'Change the fees of Level 1' }).click();
  await expect(dialog).toBeVisible();
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the fee dialog').toBe('');
  await shoot(page, 'fees-dialog', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await shoot(page, 'fees-table');
  await shootInSpanish(page, 'fees', async () => {
    await page.getByRole('button', { name: /^Cambiar las comisiones de / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }, { fullPage: false });
});
