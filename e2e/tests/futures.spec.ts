import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, signIn, type TestUser } from './session';

async function moveToFutures(page: Page, user: TestUser, amount: number): Promise<void> {
  const answer = await page.request.post('/api/v1/transfers', {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { apikey: 'nexa-web', uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount },
  });
  expect(answer.ok()).toBe(true);
}

async function usdt(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).replace(/[^\d.]/g, ''));
}

test('a user moves USDT to futures, opens a 20x long, sees it live, closes it and gets the margin back', async ({ page, request }) => {
  const user = await createUser(request, 'futures', { identity: true });
  await signIn(page, user);
  await moveToFutures(page, user, 1000);
  await page.goto('/future-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Futures order BTC' });
  const available = form.getByTestId('futures-available');
  await expect(available).toContainText('1,000.');
  await expect(page.getByTestId('header-leverage')).toHaveText('20x');

  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.01');
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  await expect(page.getByText('Long position opened')).toBeVisible();

  const positions = page.getByRole('region', { name: 'Positions' });
  const row = positions.getByRole('row').filter({ has: page.getByTestId('position-status').getByText('Active') }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('20x');
  await expect(row.getByTestId('position-pnl')).toHaveText(/^-?[\d,]+\.\d{2} USDT$/);
  const margin = Number((await row.getByRole('cell').nth(6).innerText()).replace(/[^\d.]/g, ''));
  expect(margin).toBeGreaterThan(0);
  await expect.poll(async () => usdt(available)).toBeLessThan(1000 - margin * 0.9);
  const whileOpen = await usdt(available);

  await row.getByRole('button', { name: /^Close position/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Close position' });
  for (const label of ['Position ID', 'Coin', 'Entry Price', 'Asset Value', 'Return']) await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close Position' }).click();
  await expect(page.getByText('Position closed successfully with funds returned to the wallet.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(positions.getByTestId('position-status').getByText('Closed').first()).toBeVisible();

  // The margin (less fees and the price move) is back in the futures wallet.
  await expect.poll(async () => usdt(available), { timeout: 15_000 }).toBeGreaterThan(whileOpen + margin * 0.8);
  await positions.getByRole('tab', { name: 'Assets' }).click();
  await expect(positions.getByTestId('futures-asset-USDT').getByTestId('futures-asset-balance')).toContainText(/^9\d\d\.|^1,000\./);
});

test('a visitor sees the market and LOGIN TO TRADE', async ({ page }) => {
  await page.goto('/future-trading');
  await expect(page.getByText('Please log in to access trading features')).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOGIN TO TRADE' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('button', { name: 'Buy / Long' })).toHaveCount(0);
  await expect(page.getByText('Login to view your balance').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bids' }).getByRole('listitem').first()).toBeVisible();
});

test('on a phone, Buy / Long opens the trade form in a bottom sheet', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const user = await createUser(request, 'futures-phone');
  await signIn(page, user);
  await page.goto('/future-trading?coin_pair_id=1');
  await expect(page.getByRole('form', { name: 'Futures order BTC' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy / Long' }).click();
  const sheet = page.getByRole('dialog', { name: 'Long BTC' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Buy / Long' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Sell / Short' })).toHaveCount(0);
  await context.close();
});

test('two opens of a long make one position at the averaged entry; closing half shows the realised profit', async ({ page, request }) => {
  const user = await createUser(request, 'futures-positions', { identity: true });
  await signIn(page, user);
  await moveToFutures(page, user, 1000);
  await page.goto('/future-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Futures order BTC' });
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  for (let i = 0; i < 2; i++) {
    await form.getByLabel('Amount').fill('0.002');
    await form.getByRole('button', { name: 'Buy / Long' }).click();
    await expect(page.getByText('Long position opened').first()).toBeVisible();
  }
  const read = async () => {
    const res = await page.request.get('/api/v1/futures/positions?status=all&apikey=nexa-web', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { position_id: string; amount: string; entry_price: string; realized_pnl: string; fee: string }[];
  };
  await expect.poll(async () => (await read()).map((p) => p.amount)).toEqual(['0.004']);
  const [position] = await read();
  const money = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });

  const tabs = page.getByRole('region', { name: 'Positions' });
  await tabs.getByRole('tab', { name: 'Positions' }).click();
  const row = tabs.getByTestId(`futures-position-${position?.position_id}`);
  await expect(row.getByTestId('futures-position-amount')).toHaveText('0.004');
  await expect(row.getByTestId('futures-position-entry')).toHaveText(money(position?.entry_price ?? '0'));
  await expect(row.getByTestId('futures-position-realized')).toHaveText('0.00 USDT');

  await row.getByRole('button', { name: 'Close 50%' }).click();
  await expect(row.getByTestId('futures-position-amount')).toHaveText('0.002', { timeout: 15_000 });
  await expect.poll(async () => (await read())[0]?.amount).toBe('0.002');
  const [after] = await read();
  expect(after?.amount).toBe('0.002');
  // The entry of what is left does not move; the closed half's profit is on the row, fees apart.
  expect(after?.entry_price).toBe(position?.entry_price);
  await expect(row.getByTestId('futures-position-realized')).toHaveText(`${money(after?.realized_pnl ?? '0')} USDT`);
  expect(Number(after?.fee)).toBeGreaterThan(Number(position?.fee));
});
