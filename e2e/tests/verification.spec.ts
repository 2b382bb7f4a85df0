import { expect, test } from '@playwright/test';
import { blockingViolations } from './axe';
import { holdVerification } from './operator';
import { createUser, pngFile, signIn } from './session';

test('a new user is refused futures, goes through the verification wizard, waits under review, is approved and sees Account Verified', async ({
  page,
  request,
}) => {
  // The approval comes once the freeze is lifted and the page sees it at its next 10 s poll.
  test.setTimeout(120_000);
  const user = await createUser(request, 'kyc');
  await signIn(page, user);

  // Futures need a verified identity: the form says so and offers Verify.
  const moved = await page.request.post('/api/v1/transfers', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { apikey: 'nexa-web', uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 100 },
  });
  expect(moved.ok()).toBe(true);
  await page.goto('/future-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Futures order BTC' });
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  const refusal = form.getByRole('alert');
  await expect(refusal).toContainText('Futures trading needs a verified identity');
  await refusal.getByRole('link', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/account\/profile\/verify$/);
  const release = await holdVerification(request, user);
  await page.getByRole('button', { name: 'Start Verification' }).click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByLabel('Country or region that issued your ID')).toHaveValue('PH');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  expect(await blockingViolations(page, '.verify-wizard')).toBe('');
  await page.getByRole('button', { name: /National ID Card/ }).click();

  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Front of your National ID Card').setInputFiles(pngFile('front.png'));
  await expect(next).toBeDisabled();
  await page.getByLabel('Back of your National ID Card').setInputFiles(pngFile('back.png'));
  expect(await blockingViolations(page, '.verify-wizard')).toBe('');
  await next.click();

  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await page.getByLabel('Or upload a selfie').setInputFiles(pngFile('selfie.png'));
  await page.getByRole('button', { name: 'Submit Verification' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Submitted' })).toBeVisible();
  await expect(page.getByText('Pending Review')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('is_verified'))).toBe('pending');

  // Under review until the automatic approval, which waits for the freeze to be lifted.
  await page.goto('/account/profile/verify');
  await expect(page.getByRole('heading', { name: 'Your Verification is Under Review' })).toBeVisible();
  await release();
  // The page asks again every 10 s and turns once approved.
  await expect(page.getByRole('heading', { name: 'You are already verified!' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Account Verified' })).toBeVisible();

  await page.goto('/future-trading?coin_pair_id=1');
  // No wait for the Available line: the buttons stay disabled until the futures wallet has been read.
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  await expect(page.getByText('Long position opened')).toBeVisible();
});
