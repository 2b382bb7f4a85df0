import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { blockingViolations } from './axe';
import { tabTo } from './keyboard';
import { holdVerification } from './operator';
import { createUser, signIn, submitIdentity, type TestUser } from './session';
import { confirmDialog, submitAndFillEmailedCode } from './withdrawal';

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
/** A valid TRON address (base58check, version byte 0x41): the USDT contract's own. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect.soft(await blockingViolations(page), `serious or critical axe violations on ${what}`).toBe('');
}

/** The code an authenticator app shows for `secret`, `aheadMs` from now. */
function appCode(secret: string, aheadMs = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + aheadMs });
}

/** Turns the authenticator app on through the API, as the security centre's dialog does; answers its secret. */
async function enableAuthenticator(request: APIRequestContext, user: TestUser): Promise<string> {
  const headers = { Authorization: `Bearer ${user.token}` };
  const setup = await request.post('/api/user_account/security/totp/setup', { headers, data: { user_id: user.userId } });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/user_account/security/totp/enable', {
    headers,
    data: { user_id: user.userId, totp_code: appCode(secret), password: user.password },
  });
  expect(enable.ok(), await enable.text()).toBe(true);
  return secret;
}

test('the overview shows the portfolio, hides it as dots, and its tabs and actions lead on', async ({ page, request }) => {
  const user = await createUser(request, 'overview');
  await page.setViewportSize(desktop);
  await signIn(page, user);
  await page.goto('/account/overview');

  const tabs = page.getByRole('navigation', { name: 'Account' });
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: /^Security/ })).toContainText('New');
  // The sign-up grant: 10,000 USDT in the spot wallet.
  await expect(page.getByTestId('portfolio-total')).toHaveText('$10,000.00');
  const walletTotal = (wallet: string) => page.getByTestId(`wallet-row-${wallet}`).locator('[data-part="total"]');
  await expect(walletTotal('spot')).toHaveText('10,000.00');
  await expect(walletTotal('futures')).toHaveText('0.00');
  await expect(walletTotal('funding')).toHaveText('0.00');
  const topAssets = page.getByRole('region', { name: 'Top Assets' });
  await expect(topAssets.getByTestId('top-asset')).toHaveCount(1);
  await expect(topAssets.getByTestId('top-asset')).toContainText('10,000.0000');
  await shot(page, 'account-overview-desktop');
  await expectAccessible(page, 'the account overview');

  // Keyboard: the hide toggle is reached with Tab and works with Enter.
  const hide = page.getByRole('button', { name: 'Hide balances' });
  await tabTo(page, hide);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('portfolio-total')).toHaveText('••••••');
  await expect(topAssets.getByTestId('top-asset')).not.toContainText('10,000');
  const show = page.getByRole('button', { name: 'Show balances' });
  await expect(show).toBeFocused();
  await page.setViewportSize(phone);
  await shot(page, 'account-overview-hidden-phone');
  await expectAccessible(page, 'the account overview on a phone');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('portfolio-total')).toHaveText('$10,000.00');

  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Trade' }).click();
  await expect(page).toHaveURL(/\/spot-trading/);
  await page.goBack();
  await page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Transfer' }).click();
  await expect(page).toHaveURL(/\/account\/transfer$/);
  await page.goBack();
  await page.getByRole('link', { name: 'View all assets' }).click();
  await expect(page).toHaveURL(/\/assets$/);
});

test('the profile copies the UID, changes the nickname and explains the fee tier', async ({ page, context, request, baseURL }) => {
  const user = await createUser(request, 'profile');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize(desktop);
  await signIn(page, user);
  await page.goto('/account/overview');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText(String(user.uid), { exact: true })).toBeVisible();
  await expect(page.getByText(user.userId, { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-fee-tier')).toHaveText('Level 1');

  await page.getByRole('button', { name: 'Copy UID' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(user.uid));
  await shot(page, 'profile-copied-desktop');
  await expect(page.getByText('Copied to clipboard!')).toBeHidden();
  await expectAccessible(page, 'the profile');

  await page.getByRole('button', { name: 'Fee tier details' }).click();
  const tiers = page.getByRole('dialog', { name: 'Trading fee tiers' });
  await expect(tiers.getByTestId('fee-tier-current')).toHaveText('Level 1');
  await expect(tiers.getByText('0.00 of 5,000,000 USDT')).toBeVisible();
  await expect(tiers.getByText('10,000.00 of 100,000 USDT')).toBeVisible();
  await shot(page, 'profile-fee-tier-desktop');
  await expectAccessible(page, 'the fee tier details');
  await page.keyboard.press('Escape');
  await expect(tiers).toBeHidden();
  // The dialog gives focus back as it unmounts, which may come a frame after it is hidden.
  await expect(page.getByRole('button', { name: 'Fee tier details' })).toBeFocused();

  await page.getByRole('link', { name: 'Change nickname' }).click();
  await expect(page).toHaveURL(/\/account\/profile\/change-nickname$/);
  await expect(page.getByRole('heading', { name: 'Change nickname', level: 1 })).toBeVisible();
  await page.getByLabel('Nickname').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await page.getByLabel('Nickname').fill('Satoshi Fan');
  await page.setViewportSize(phone);
  await shot(page, 'change-nickname-phone');
  await expectAccessible(page, 'the change-nickname screen');
  await page.getByLabel('Nickname').press('Enter');
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByTestId('profile-nickname')).toHaveText('Satoshi Fan');
  await shot(page, 'profile-phone');
  await expectAccessible(page, 'the profile on a phone');
  const info = await request.get(`/api/user_account/getUserInformation/?user_id=${user.userId}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(((await info.json()) as { user: { name: string } }).user.name).toBe('Satoshi Fan');

  await page.getByRole('link', { name: 'API Management' }).click();
  await expect(page).toHaveURL(/\/account\/api$/);
  await expect(page.getByRole('heading', { name: 'API Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
});

test('the account pages say the user id is missing to a visitor', async ({ page }) => {
  for (const path of ['/account/overview', '/account/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'User ID not found. Please log in again.' })).toBeVisible();
  }
});

test('the landing page shows the review, then "Account Verified" once it is approved', async ({ page, request }) => {
  const user = await createUser(request, 'pending');
  const release = await holdVerification(request, user);
  await submitIdentity(request, user);
  await page.setViewportSize(desktop);
  await signIn(page, user);
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Global Crypto Derivatives Exchange' });
  await expect(hero.getByRole('heading', { name: 'Verification Under Review' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verification under review' })).toBeVisible();
  await shot(page, 'landing-pending-desktop');
  await expectAccessible(page, 'the landing page under review');
  await release();
  // The automatic approval (KYC_AUTO_APPROVE_SECONDS) reaches the page without a reload.
  await expect(hero.getByRole('heading', { name: 'Account Verified' })).toBeVisible({ timeout: 30_000 });
});

test('a user with the authenticator app on confirms a withdrawal with the emailed code and its code', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUser(request, 'withdraw-2fa', { identity: true });
  const secret = await enableAuthenticator(request, user);
  await page.setViewportSize(desktop);
  await signIn(page, user);
  await page.goto('/withdraw');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();
  await page.getByRole('textbox', { name: 'Address' }).fill(TRON_ADDRESS);
  // The sign-up grant sits in the spot wallet.
  await page.getByRole('radio', { name: /Spot \(Trading\)/ }).check();
  await page.getByRole('textbox', { name: 'Amount' }).fill('10');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  // The review, then the emailed code and, with the app on, its code beside it.
  await submitAndFillEmailedCode(page, request, user.email);
  const dialog = confirmDialog(page);
  const code = dialog.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog.getByTestId('withdraw-confirm-error')).toHaveText('Enter the 6-digit code from your authenticator app');
  await shot(page, 'withdraw-totp-desktop');
  await expectAccessible(page, 'the withdrawal confirmation with the authenticator code');

  // The code of the next period: the one that turned the app on is spent.
  await code.fill(appCode(secret, 30_000));
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByTestId('withdraw-success')).toHaveText('Withdrawal submitted successfully!');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('withdraw-row').first().getByTestId('withdraw-row-received')).toHaveText('9');
  await page.setViewportSize(phone);
  await page.locator('.withdraw-card').screenshot({ path: test.info().outputPath('withdraw-totp-phone.png') });
});
