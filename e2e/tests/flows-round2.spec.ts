import { expect, test, type Page } from '@playwright/test';
import { expectNotice, recordNotices } from './notices';
import { createUser, signIn, type TestUser } from './session';

/** Issue 40, items 5, 10 and 11: convert preview and re-quote, partial Earn redemption, the spot fill notice. */

const FILLED_TOAST = /^Filled: bought 0\.00100 BTC at an average price of [\d,]+\.\d{2} USDT\. Fee: 0\.00000100 BTC\.$/;

async function openConvertPreview(page: Page, amount: string) {
  await page.getByRole('textbox', { name: 'From' }).fill(amount);
  await expect(page.getByText(/^Quote refreshes in \d+s$/)).toBeVisible();
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Confirm conversion' });
  await expect(preview.getByTestId('convert-preview-pay')).toHaveText(`${amount} USDT`);
  await expect(preview.getByTestId('convert-preview-receive')).toHaveText(/^0\.\d{1,8} BTC$/);
  await expect(preview.getByTestId('convert-preview-rate')).toHaveText(/^1 USDT = 0\.\d+ BTC$/);
  await expect(preview.getByText('No fee')).toBeVisible();
  await expect(preview.getByTestId('convert-preview-countdown')).toHaveText(/^Quote expires in \d+s$/);
  return preview;
}

test('Convert previews the firm quote with its countdown, renews it when it runs out and converts at the new one', async ({ page, request }) => {
  const user = await createUser(request, 'convert-preview');
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/conversion');
  await expect(page.getByTestId('convert-available')).toHaveText('Available: 10,000.00000000 USDT');

  const preview = await openConvertPreview(page, '100');
  await page.screenshot({ path: test.info().outputPath('convert-preview-desktop.png') });
  // The quote lives CONVERT_QUOTE_TTL_MS (10 s): the countdown reaching its end is what the test waits for.
  const renewal = page.waitForResponse((r) => r.url().includes('/api/v1/convert/quote') && r.ok(), { timeout: 20_000 });
  await expect(preview.getByTestId('convert-preview-countdown')).toHaveText('Quote expires in 1s', { timeout: 15_000 });
  const renewed = (await (await renewal).json()) as { quote_id: string; converted_amount: string };
  await expect(preview.getByText(/^The quote expired and was renewed at the current rate/)).toBeVisible();
  await expect(preview.getByTestId('convert-preview-countdown')).toHaveText(/^Quote expires in \d+s$/);

  const sent = page.waitForRequest((r) => r.url().includes('/api/v1/conversions') && r.method() === 'POST');
  await preview.getByRole('button', { name: 'Confirm', exact: true }).click();
  const body = (await sent).postDataJSON() as { quote_id: string; converted_amount: string };
  expect(body.quote_id).toBe(renewed.quote_id);
  expect(body.converted_amount).toBe(renewed.converted_amount);
  await expect(page.getByText('Success! Your conversion was processed.')).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(page.getByTestId('convert-available')).toHaveText('Available: 9,900.00000000 USDT');

  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openConvertPreview(page, '50');
  await page.screenshot({ path: test.info().outputPath('convert-preview-phone.png') });
  await phone.getByRole('button', { name: 'Cancel' }).click();
  await expect(phone).toBeHidden();
});

async function subscribeFlexible(page: Page, user: TestUser) {
  const res = await page.request.post('/api/v1/earn/subscriptions', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { apikey: 'nexa-web', uid: user.uid, product_id: 'USDT-FLEX', amount: '100', source: 'spot' },
  });
  expect(res.status()).toBe(201);
}

test('a flexible Earn position is redeemed in part, and the rest stays in it', async ({ page, request }) => {
  const user = await createUser(request, 'earn-part');
  await signIn(page, user);
  await subscribeFlexible(page, user);
  await page.goto('/earn/my-earnings');
  const position = page.getByTestId('earn-position');
  await expect(position).toContainText('100.00000000 USDT');
  await position.getByRole('button', { name: 'Redeem USDT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem USDT' });
  const amount = dialog.getByRole('textbox', { name: 'Amount to redeem' });
  await expect(amount).toHaveValue('100');
  await amount.fill('100.5');
  await expect(dialog.getByRole('alert')).toHaveText('The amount to redeem is more than the position holds');
  await amount.fill('40');
  await dialog.getByRole('button', { name: 'Confirm redemption' }).click();
  await expect(page.getByText('Redemption successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(position).toContainText('60.00000000 USDT');
  await expect(position).toContainText('Active');
  const wallets = await request.get(`/api/v1/earn/balance?apikey=nexa-web&uid=${user.uid}&symbol=USDT`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(await wallets.json()).toEqual({ symbol: 'USDT', funding: '0', spot: '9940' });
});

test('a spot market buy explains its max price and says what filled, at what average price and for what fee', async ({ page, browser, request }) => {
  const user = await createUser(request, 'spot-toast');
  await signIn(page, user);
  await recordNotices(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/spot-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Buy BTC' });
  // The wallet is read once the page's socket and book are up: slow on a busy machine.
  await expect(form.getByTestId('available-balance')).toContainText('10,000', { timeout: 30_000 });
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await expect(form.getByTestId('max-price')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await form.getByRole('button', { name: 'About this limit' }).click();
  await expect(form.getByText(/^Protection limit: a market buy fills at the best offers, up to 5% above the best one/)).toBeVisible();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expectNotice(page, FILLED_TOAST);
  await page.screenshot({ path: test.info().outputPath('spot-toast-desktop.png') });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await signIn(phone, user);
  await recordNotices(phone);
  await phone.goto('/spot-trading?coin_pair_id=1');
  await phone.getByRole('button', { name: 'Buy', exact: true }).click();
  const sheet = phone.getByRole('dialog', { name: 'Buy BTC' });
  await sheet.getByRole('tab', { name: 'Market', exact: true }).click();
  await sheet.getByLabel('Amount').fill('0.001');
  await sheet.getByRole('button', { name: 'Buy BTC' }).click();
  await expectNotice(phone, FILLED_TOAST);
  await phone.screenshot({ path: test.info().outputPath('spot-toast-phone.png') });
  await context.close();
});
