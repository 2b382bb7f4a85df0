import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createUser, placeLimitBuy, signIn, type TestUser } from './session';

async function expectVerificationPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/account\/profile\/verify$/);
  await expect(page.getByRole('heading', { name: 'Identity Verification', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  const status = page.getByLabel('Your verification status');
  await expect(status).toContainText('EmailVerified');
  await expect(status).toContainText('IdentityNot verified yet');
  await expect(page.getByRole('button', { name: 'Start Verification' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How verification works' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'COMING SOON' })).toHaveCount(0);
}

test('Verify Account, Verify Now and the login redirect of an unverified user lead to the verification status page', async ({ page, request }) => {
  const user = await createUser(request, 'verify');
  await signIn(page, user);

  await page.goto('/');
  await page.getByRole('link', { name: 'Verify Account' }).click();
  await expectVerificationPage(page);

  await page.goto('/');
  await page.getByRole('link', { name: 'Verify Now' }).click();
  await expectVerificationPage(page);

  await page.goto('/login');
  await expectVerificationPage(page);
});

/** Market-crossing limit buys of BTC, ETH and BTC again: three spot fills, six ledger rows. */
async function buyFilled(request: APIRequestContext, user: TestUser): Promise<void> {
  for (const [symbol, amount] of [['BTC', '0.001'], ['ETH', '0.01'], ['BTC', '0.002']] as const) {
    expect(await placeLimitBuy(request, user, { symbol, amount, priceFactor: 1.05 })).toBe('filled');
  }
}

async function rowTexts(table: Locator): Promise<string[]> {
  return (await table.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test('View All under Recent Transactions lists the same spot fills, transfer and grant the summary shows', async ({ page, request }) => {
  const user = await createUser(request, 'history');
  await buyFilled(request, user);
  await signIn(page, user);

  await page.goto('/transfer');
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Transfer successful!')).toBeVisible();

  await page.goto('/assets');
  await page.getByRole('tab', { name: 'Overview' }).click();
  const recent = page.getByRole('region', { name: 'Recent Transactions' });
  await expect(recent.getByRole('row').filter({ hasText: 'BTC' }).first()).toBeVisible();
  const summary = await rowTexts(recent);
  // The newest six of eight rows: the transfer, then five of the six legs of the three fills.
  expect(summary).toHaveLength(6);
  expect(summary[0]).toMatch(/^Transfer USDT 100(\.0+)? Spot → Futures/);
  expect(summary.slice(1).every((row) => row.startsWith('Spot'))).toBe(true);

  await recent.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/assets\/history$/);
  await expect(page.getByRole('heading', { name: 'Transaction History', level: 1 })).toBeVisible();
  const full = page.getByRole('region', { name: 'Transactions' });
  await expect(full.getByRole('row').filter({ hasText: 'Demo grant' })).toBeVisible();
  const all = await rowTexts(full);
  expect(all.slice(0, summary.length)).toEqual(summary);
  expect(all).toHaveLength(8);
  expect(all.filter((row) => row.startsWith('Spot trade'))).toHaveLength(6);
  await expect(full.getByRole('button', { name: 'Next page' })).toBeDisabled();
});
