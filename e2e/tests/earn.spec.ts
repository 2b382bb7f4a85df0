import { expect, test } from '@playwright/test';
import { blockingViolations } from './axe';
import { createUser, signIn } from './session';

test('a user subscribes 100 USDT to a flexible product, sees it in My earnings and redeems it', async ({ page, request }) => {
  const user = await createUser(request, 'earn');
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/earn');
  await expect(page.getByRole('heading', { name: 'Put your crypto to work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is Simple Earn?' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('earn-overview-desktop.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Earn' }).getByRole('link', { name: 'Simple Earn' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('tether');
  await page.getByRole('button', { name: 'Subscribe to USDT Flexible' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe USDT Flexible' });
  await expect(dialog.getByRole('radio', { name: /Spot wallet/ })).toBeChecked();
  await expect(dialog.getByText('10,000.00000000 USDT', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100');
  await expect(dialog.getByText('0.01232876 USDT')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('earn-subscribe-desktop.png') });
  expect.soft(await blockingViolations(page), 'serious or critical axe violations in the subscribe dialog').toBe('');
  await dialog.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByText('Subscription successful')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'View in My earnings' }).click();
  await expect(page).toHaveURL(/\/earn\/my-earnings$/);
  const position = page.getByTestId('earn-position');
  await expect(position).toHaveCount(1);
  await expect(position).toContainText('Flexible');
  await expect(position).toContainText('100.00000000 USDT');
  await expect(position).toContainText('Active');
  await page.screenshot({ path: test.info().outputPath('earn-my-earnings-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('earn-my-earnings-phone.png'), fullPage: true });
  for (const box of await page.getByTestId('earn-position').locator('td').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right))) {
    expect(box).toBeLessThanOrEqual(390);
  }

  await position.getByRole('button', { name: 'Redeem USDT' }).click();
  const redeem = page.getByRole('dialog', { name: 'Redeem USDT' });
  await expect(redeem).toContainText('100.00000000 USDT');
  await expect(redeem).toContainText('Spot wallet');
  await page.screenshot({ path: test.info().outputPath('earn-redeem-phone.png') });
  await redeem.getByRole('button', { name: 'Confirm redemption' }).click();
  await expect(page.getByText('Redemption successful')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Redeemed' }).getByTestId('earn-position')).toContainText('Redeemed');
  await expect(page.getByRole('region', { name: 'Positions' }).getByText('No active positions.')).toBeVisible();

  const wallets = await request.get(`/api/v1/earn/balance?apikey=nexa-web&uid=${user.uid}&symbol=USDT`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(await wallets.json()).toEqual({ symbol: 'USDT', funding: '0', spot: '10000' });
});

test('a visitor is asked to log in before subscribing, and the phone layout keeps the table on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/earn/simple-earn');
  await expect(page.getByRole('button', { name: 'Subscribe to BTC Flexible' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('earn-simple-earn-phone.png'), fullPage: true });
  // Ten rows at a time: two clicks show all of the listed products, and the control goes.
  await expect(page.getByRole('button', { name: /^Subscribe to / })).toHaveCount(10);
  await page.getByRole('button', { name: 'View more' }).click();
  await expect(page.getByRole('button', { name: /^Subscribe to / })).toHaveCount(20);
  await page.getByRole('button', { name: 'View more' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe to LINK Flexible' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View more' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('no such coin');
  await expect(page.getByText('No products found.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('btc');
  await page.getByRole('button', { name: 'Subscribe to BTC 30 days' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/earn/structured');
  await expect(page.getByText('COMING SOON')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Earn' })).toBeVisible();
});
