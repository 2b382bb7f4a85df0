import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser, signIn } from './session';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** How far the element's content reaches past its own box, sideways (0 when it fits). */
const spill = (box: Locator) => box.evaluate((e) => e.scrollWidth - e.clientWidth);
const pageSpill = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The lines a button's label takes. */
const labelLines = (button: Locator) =>
  button.evaluate((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('the console’s audit log fits its panel with long entries, at 1440 and 390 px', async ({ page, request }) => {
  const chief = await createUser(request, 'fit-chief');
  const other = await createUser(request, 'fit-other');
  const secret = await enableAuthenticator(request, chief);
  await admin('operators', 'grant', chief.email, 'admin');
  await logInWithAuthenticator(page, chief, secret);
  // A reason with a long unbroken address: the kind of entry that widened the table past its panel.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const reason = `Ticket https://support.example.com/tickets/2026/${'a1b2c3d4e5'.repeat(6)} reported by the owner`;
  const frozen = await request.post(`/api/admin/users/${other.userId}/freeze`, { headers: { authorization: `Bearer ${token}` }, data: { reason } });
  expect(frozen.status()).toBe(200);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Operator console sections' }).getByRole('button', { name: 'Audit log' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'users.freeze' }).filter({ hasText: other.email })).toBeVisible();
    expect(await spill(page.locator('.wallet-scroll', { has: table })), `audit table at ${size.width} px`).toBeLessThanOrEqual(0);
    expect(await pageSpill(page), `page at ${size.width} px`).toBeLessThanOrEqual(0);
  }
});

test('a futures position’s actions fit the Positions tab and the position mode labels stay on one line, in English and Spanish', async ({ page, request }) => {
  const user = await createUser(request, 'fit-futures', { identity: true });
  await signIn(page, user);
  const moved = await page.request.post('/api/v1/transfers', {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { apikey: 'nexa-web', uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1000 },
  });
  expect(moved.ok()).toBe(true);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/future-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Futures order BTC' });
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.01');
  const opening = page.waitForResponse((r) => r.url().includes('/api/v1/futures?') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  const opened = (await (await opening).json()) as { position_id: string };

  for (const { language, positions, long } of [
    { language: 'en', positions: 'Positions', long: 'Buy / Long' },
    { language: 'es', positions: 'Posiciones', long: 'Comprar / Largo' },
  ]) {
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/future-trading?coin_pair_id=1');
      await page.getByRole('tab', { name: positions, exact: true }).click();
      const row = page.getByTestId(`futures-position-${opened.position_id}`);
      // Close…, Margin (isolated), TP/SL, Close 50% and Close all, none hidden.
      await expect(row.getByRole('button')).toHaveCount(5);
      for (const button of await row.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= size.width, `${await button.textContent()} within the width, ${language} at ${size.width} px`).toBe(true);
      }
      expect(await spill(page.locator('.spot-table__wrap', { has: row })), `positions table, ${language} at ${size.width} px`).toBeLessThanOrEqual(0);
      expect(await pageSpill(page), `page, ${language} at ${size.width} px`).toBeLessThanOrEqual(0);

      const mode = page.getByRole('toolbar', { name: language === 'en' ? 'Position mode' : 'Modo de posición' });
      // On a phone the order form opens as a sheet from the page's own buy button.
      if (!(await mode.isVisible())) await page.getByRole('button', { name: long, exact: true }).last().click();
      for (const option of await mode.getByRole('button').all()) expect(await labelLines(option), `${await option.textContent()} at ${size.width} px`).toBe(1);
    }
  }
});
