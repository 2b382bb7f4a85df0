import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

test('a new user sees the demo grant, moves USDT from spot to futures and sees balances and history change', async ({ page, request }) => {
  const user = await createUser(request, 'wallet');
  await signIn(page, user);

  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Trading' }).click();
  const usdtRow = page.getByRole('row', { name: /^USDT Tether/ });
  await expect(usdtRow).toContainText('10,000');

  await page.goto('/transfer');
  await expect(page.getByTestId('spot-balance')).toContainText('10,000');
  await expect(page.getByTestId('futures-balance')).toContainText(/^0(\.0+)? USDT/);
  await page.getByRole('combobox', { name: 'From' }).selectOption('spot');
  await page.getByRole('combobox', { name: 'To' }).selectOption('futures');
  await page.getByLabel('Amount').fill('2500');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Transfer successful!')).toBeVisible();
  await expect(page.getByTestId('spot-balance')).toContainText('7,500');
  await expect(page.getByTestId('futures-balance')).toContainText('2,500');
  const history = page.locator('section', { has: page.locator('#transfer-history-title') });
  await expect(history.getByRole('row', { name: /2,?500/ }).first()).toBeVisible();

  // More than the spot balance is refused before anything is sent.
  await page.getByLabel('Amount').fill('999999');
  await expect(page.getByText('Insufficient balance')).toBeVisible();

  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Trading' }).click();
  await expect(page.getByRole('row', { name: /^USDT Tether/ })).toContainText('10,000');
  await expect(page.getByTestId('wallet-row-spot').locator('[data-part="total"]')).toHaveText('7,500.00');
  await expect(page.getByTestId('wallet-row-futures').locator('[data-part="total"]')).toHaveText('2,500.00');

  const ledger = await request.get(`/api/v1/ledger-history/${user.uid}?apikey=nexa-web`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const kinds = ((await ledger.json()) as { kind: string }[]).map((r) => r.kind).sort();
  expect(kinds).toEqual(['demo_grant', 'transfer', 'transfer']);
});

test('a visitor gets the login prompt on the wallet pages', async ({ page }) => {
  await page.goto('/assets');
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
  await page.goto('/transfer');
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
});
