import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { blockingViolations } from './axe';
import { latestCode, newestMailTime } from './outbox';
import { createUser, signIn, type TestUser } from './session';

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

/** The code an authenticator app shows for `secret`, `aheadMs` from now; otpauth, as the phone's app would compute it. */
function appCode(secret: string, aheadMs = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + aheadMs });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await blockingViolations(page), `serious or critical axe violations on ${what}`).toBe('');
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
}

async function logInUntilCode(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function openSecurity(page: Page, user: TestUser): Promise<void> {
  await signIn(page, user);
  await page.goto('/account/profile/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
}

test('the user changes the email from the security centre and logs in with the new one', async ({ page, request }) => {
  await page.setViewportSize(desktop);
  const user = await createUser(request, 'mover');
  const newEmail = `moved-${Date.now()}@example.com`;
  await openSecurity(page, user);
  await shot(page, 'security-desktop');
  await expectAccessible(page, 'the security centre');

  await page.getByRole('link', { name: 'Change email' }).click();
  await expect(page).toHaveURL(/\/account\/profile\/security\/change-email$/);
  await expect(page.getByText('withdrawals and P2P transactions are disabled for 24 hours')).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  const before = await newestMailTime(request, user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('OTP has been sent to your email')).toBeVisible();
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible();
  await shot(page, 'change-email-code-desktop');
  await page.getByLabel('Verification code').fill(await latestCode(request, user.email, before));
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please agree to the withdrawal restriction')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Email changed successfully. Confirmation emails have been sent to both addresses.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(newEmail);

  // Back to the security centre after 3 s, still signed in, with the new address and the 24-hour lock.
  await expect(page).toHaveURL(/\/account\/profile\/security$/, { timeout: 6_000 });
  await expect(page.getByText(/withdrawals are disabled until/)).toBeVisible();
  const confirmation = await request.get(`/api/dev/outbox?to=${encodeURIComponent(newEmail)}`);
  expect(((await confirmation.json()) as { subject: string }[])[0]?.subject).toBe('This is now the email of your account');

  await logOut(page);
  await logInUntilCode(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logInUntilCode(page, newEmail, user.password);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test('the user changes the password: the code is sent as the page opens', async ({ page, request }) => {
  await page.setViewportSize(phone);
  const user = await createUser(request, 'password');
  const before = await newestMailTime(request, user.email);
  await signIn(page, user);
  await page.goto('/account/profile/security/change-password');
  await expect(page.getByText('OTP has been sent to your email')).toBeVisible();
  await shot(page, 'change-password-phone');
  await expectAccessible(page, 'the change password page');
  await page.getByLabel('Verification code').fill(await latestCode(request, user.email, before));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('New password', { exact: true }).fill('another-Password-7');
  await page.getByLabel('Confirm new password').fill('another-Password-7');
  await page.getByRole('checkbox').check();
  await shot(page, 'change-password-step2-phone');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/profile\/security$/, { timeout: 6_000 });
  const login = await request.post('/api/user_account/login', { data: { email: user.email, password: 'another-Password-7' } });
  expect(login.status()).toBe(200);
});

test('the user turns the authenticator app on and logs in with a code', async ({ page, request }) => {
  await page.setViewportSize(desktop);
  const user = await createUser(request, 'totp');
  await openSecurity(page, user);

  await page.getByRole('button', { name: 'Enable authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Enable authenticator app' });
  const key = setup.locator('.totp-setup__secret');
  await expect(key).toHaveText(/^[A-Z2-7 ]{32,}$/);
  const secret = (await key.innerText()).replace(/\s/g, '');
  await shot(page, 'totp-setup-desktop');
  await expectAccessible(page, 'the authenticator setup');
  await setup.getByLabel('Authenticator code').fill(appCode(secret));
  // Issue 14 #5: the session alone cannot turn the app on; the password (or an emailed code) must come too.
  await setup.getByRole('button', { name: 'Enable' }).click();
  await expect(setup.getByText('Enter your password, or the code we emailed you, to turn the authenticator app on')).toBeVisible();
  await setup.getByLabel('Your password', { exact: true }).fill(user.password);
  await setup.getByRole('button', { name: 'Enable' }).click();

  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const [download] = await Promise.all([page.waitForEvent('download'), codes.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('nexa-recovery-codes.txt');
  await shot(page, 'totp-recovery-codes-desktop');
  await codes.getByLabel('I have saved my recovery codes').check();
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Disable authenticator app' })).toBeVisible();

  await page.setViewportSize(phone);
  await shot(page, 'security-totp-on-phone');
  await expectAccessible(page, 'the security centre on a phone');

  await page.setViewportSize(desktop);
  await logOut(page);
  await page.setViewportSize(phone);
  await logInUntilCode(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await shot(page, 'login-totp-phone');
  await expectAccessible(page, 'the login code step');
  await page.getByLabel('Authenticator code or recovery code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The authenticator code is wrong/)).toBeVisible();
  // The code of the next period: the one that enabled the app is spent.
  await page.getByLabel('Authenticator code or recovery code').fill(appCode(secret, 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
});
