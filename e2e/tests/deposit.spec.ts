import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { createUser, signIn } from './session';

interface NetworkRow {
  code: string;
  confirmations: number;
}

async function trc20Confirmations(page: Page, uid: number, token: string): Promise<number> {
  const answer = await page.request.get(`/api/v1/coin-transaction?uid=${uid}&transaction_type=deposit&apikey=nexa-web`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const coins = (await answer.json()) as { symbol: string; networks: NetworkRow[] }[];
  const network = coins.find((coin) => coin.symbol === 'USDT')?.networks.find((n) => n.code === 'TRC20');
  expect(network, 'USDT on TRC20').toBeDefined();
  return network!.confirmations;
}

test('a user deposits USDT on TRC20 through the chain simulator and sees it credited to Funding', async ({ page, request }) => {
  // The simulated chain confirms a deposit in seconds, not the minutes of a real one.
  test.setTimeout(120_000);
  const user = await createUser(request, 'deposit');
  await signIn(page, user);
  const needed = await trc20Confirmations(page, user.uid, user.token);
  await page.goto('/deposit');

  await expect(page.getByRole('heading', { name: 'All deposits' })).toBeVisible();
  await expect(page.getByText('No records found')).toBeVisible();
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();

  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  const qr = page.getByRole('img', { name: 'QR code of your USDT deposit address' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '160');
  const funding = page.getByTestId('deposit-funding-balance');
  await expect(funding).toHaveText('0 USDT');
  await page.screenshot({ path: test.info().outputPath('deposit-desktop.png'), fullPage: true });
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the deposit address').toBe('');

  await page.getByRole('textbox', { name: 'Amount of USDT to simulate' }).fill('25');
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  await expect(page.getByText(/^Sent 25 USDT to your address/)).toBeVisible();

  const row = page.getByTestId('deposit-row').first();
  const confirmations = row.getByTestId('deposit-confirmations');
  const counting = new RegExp(`^([0-9]|1[0-9]|[2-9][0-9])/${needed}$`);
  await expect(confirmations).toHaveText(counting, { timeout: 30_000 });
  const seen = Number((await confirmations.textContent())?.split('/')[0]);
  expect(seen).toBeLessThanOrEqual(needed);
  await expect(row.getByTestId('deposit-status')).toHaveText('Credited', { timeout: 60_000 });
  await expect(confirmations).toHaveText(`${needed}/${needed}`);
  await expect(funding).toHaveText('25 USDT');

  await page.screenshot({ path: test.info().outputPath('deposit-credited-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.deposit-card').screenshot({ path: test.info().outputPath('deposit-phone-steps.png') });
  await page.getByRole('region', { name: 'All deposits' }).screenshot({ path: test.info().outputPath('deposit-phone-history.png') });
});

test('a visitor is asked to log in', async ({ page }) => {
  await page.goto('/deposit');
  await expect(page.getByRole('heading', { name: 'Log in to deposit' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
