import { expect, test, type Page } from '@playwright/test';
import { latestCode, newestMailTime } from './outbox';

const password = 'first-Password-1';
const newPassword = 'second-Password-2';

async function logInWith(page: Page, email: string, secret: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
}

test('a new user signs up, logs out, logs in, resets the password and logs in with the new one', async ({ page, request }) => {
  const email = `trader-${Date.now()}@example.com`;

  // Step 1: country and terms, with the spec's message when they are missing.
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select a country and agree to the terms')).toBeVisible();
  await page.getByLabel('Country / region').selectOption('DE');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: credentials.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Step 3: the code from the outbox, typed into the six boxes.
  await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
  const code = await latestCode(request, email);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  // Step 4: profile.
  await page.getByLabel('Full name').fill('Ada Trader');
  await page.getByPlaceholder('Phone number').fill('5550101');
  await page.getByRole('button', { name: 'Finish' }).click();

  // Not identity-verified yet: the landing page asks for verification, and the header shows the account.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account Verification Required')).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    userId: localStorage.getItem('user_id'),
    uid: localStorage.getItem('uid'),
    fullName: localStorage.getItem('fullName'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.userId).toBeTruthy();
  expect(stored.uid).toMatch(/^\d+$/);
  expect(stored.fullName).toBe('Ada Trader');

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(`UID: ${stored.uid}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await logOut(page);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // Wrong password, then the right one.
  await logInWith(page, email, 'not-the-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  await logOut(page);

  // Password reset: request, code from the outbox, new password, back to the password step.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  const before = await newestMailTime(request, email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const resetCode = await latestCode(request, email, before);
  await page.getByLabel('Verification code').fill(resetCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  // After 2 s the login card comes back on the password step with the email filled in.
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});

test('the app shell serves every spec route and the placeholders', async ({ page }) => {
  await page.goto('/account/profile/sub-accounts');
  await expect(page.getByText('This feature is coming soon')).toBeVisible();
  await page.goto('/coming-soon');
  await expect(page.getByText('COMING SOON')).toBeVisible();
  const status = await page.request.get('/api/v1/status?apikey=nexa-web');
  expect(await status.json()).toMatchObject({ status: 'ok', database: 'pglite' });
});
