import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

test('a user converts 100 USDT to BTC, sees the banner, the new balances and the row in the history', async ({ page, request }) => {
  const user = await createUser(request, 'convert');
  await signIn(page, user);
  await page.goto('/conversion');

  const available = page.getByTestId('convert-available');
  await expect(available).toHaveText('Available: 10,000.00000000 USDT');
  await expect(page.getByTestId('convert-held')).toHaveText('Balance: 0.00000000 BTC');
  await expect(page.getByTestId('convert-rate')).toHaveText(/^1 USDT = 0\.\d+ BTC$/);

  await page.getByRole('textbox', { name: 'From' }).fill('100');
  const to = page.getByRole('textbox', { name: 'To' });
  await expect(to).toHaveValue(/^0\.\d{1,8}$/);
  await expect(page.getByText(/^Quote refreshes in \d+s$/)).toBeVisible();
  const convert = page.getByRole('button', { name: 'Convert', exact: true });
  await expect(convert).toBeEnabled();
  await convert.click();
  const preview = page.getByRole('dialog', { name: 'Confirm conversion' });
  await expect(preview.getByTestId('convert-preview-pay')).toHaveText('100 USDT');
  await preview.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page.getByText('Success! Your conversion was processed.')).toBeVisible();
  await expect(available).toHaveText('Available: 9,900.00000000 USDT');
  await expect(page.getByTestId('convert-held')).toHaveText(/^Balance: 0\.\d{8} BTC$/);
  await expect(page.getByTestId('convert-held')).not.toHaveText('Balance: 0.00000000 BTC');

  await page.getByRole('button', { name: 'Conversion history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conversion history' });
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('100.00000000 USDT');
  await expect(rows.nth(1)).toContainText(/0\.\d{8} BTC/);
});

test('a visitor sees Login to Convert, which goes to the login page', async ({ page }) => {
  await page.goto('/conversion');
  await expect(page.getByTestId('convert-rate')).toHaveText(/^1 USDT = \d/);
  await page.getByRole('link', { name: 'Login to Convert' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
