import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { createUser, identityApproved, signIn, submitIdentity, type TestUser } from './session';
import { confirmDialog, submitAndFillEmailedCode } from './withdrawal';

/** A valid TRON address (base58check, version byte 0x41): the USDT contract's own. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Deposits `amount` USDT on TRC20 through /deposit and the chain simulator, and waits until it is credited. */
async function depositUsdt(page: Page, amount: string): Promise<void> {
  await page.goto('/deposit');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await page.getByRole('textbox', { name: 'Amount of USDT to simulate' }).fill(amount);
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-status')).toHaveText('Credited', { timeout: 90_000 });
  await expect(page.getByTestId('deposit-funding-balance')).toHaveText(`${amount} USDT`);
}

/**
 * A signed-in user whose identity is approved, with `amount` USDT deposited: the identity is under
 * review while the deposit confirms, so the approval's delay and the chain's overlap.
 */
async function verifiedUserWithDeposit(page: Page, request: APIRequestContext, tag: string, amount: string): Promise<TestUser> {
  const user = await createUser(request, tag);
  await submitIdentity(request, user);
  await signIn(page, user);
  await depositUsdt(page, amount);
  await identityApproved(request, user);
  return user;
}

async function chooseUsdtOnTrc20(page: Page): Promise<void> {
  await page.goto('/withdraw');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();
  await page.getByRole('textbox', { name: 'Address' }).fill(TRON_ADDRESS);
}

test('a withdrawal goes through review and emailed code: a verified user deposits USDT on TRC20, withdraws part of it on chain and watches it complete', async ({ page, request }) => {
  // A deposit and a withdrawal each wait for the simulated chain's confirmations, and the approval of the identity for its delay.
  test.setTimeout(300_000);
  const user = await verifiedUserWithDeposit(page, request, 'withdraw', '25');

  await chooseUsdtOnTrc20(page);
  await expect(page.getByTestId('withdraw-unverified')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 25 USDT');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT');
  await page.getByRole('textbox', { name: 'Amount' }).fill('10');
  await expect(page.getByTestId('withdraw-received')).toHaveText('9 USDT');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('withdraw-form-desktop.png'), fullPage: true });
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the withdrawal form').toBe('');

  // Review: everything the withdrawal will do, before anything is sent.
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = confirmDialog(page);
  const summary = dialog.getByTestId('withdraw-summary');
  await expect(summary).toContainText(TRON_ADDRESS);
  await expect(dialog.getByTestId('withdraw-summary-received')).toHaveText('9 USDT');
  await expect(dialog.getByRole('button', { name: 'Confirm', exact: true })).toBeFocused();
  await dialog.screenshot({ path: test.info().outputPath('withdraw-review-desktop.png') });
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the review').toBe('');

  // The emailed code: the mail names the address and the amount; nothing is held before it is entered.
  const mail = await submitAndFillEmailedCode(page, request, user.email);
  expect(mail).toContain(TRON_ADDRESS);
  expect(mail).toContain('Amount: 10 USDT');
  const row = page.getByTestId('withdraw-row').first();
  await expect(row.getByTestId('withdraw-status')).toHaveText('Awaiting confirmation');
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 25 USDT');
  await expect(dialog.getByTestId('withdraw-confirm-sent-to')).toContainText(user.email);
  await dialog.screenshot({ path: test.info().outputPath('withdraw-code-desktop.png') });
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the code step').toBe('');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();

  await expect(page.getByTestId('withdraw-success')).toHaveText('Withdrawal submitted successfully!');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available: 15 USDT');
  await expect(row.getByTestId('withdraw-row-received')).toHaveText('9');
  await expect(row.getByTestId('withdraw-status')).toHaveText(/^(Pending|Processing|Completed)$/);
  await expect(row.getByTestId('withdraw-status')).toHaveText('Completed', { timeout: 120_000 });
  await expect(row.getByTestId('withdraw-confirmations')).toHaveText(/^(\d+)\/\1 confirmations$/);
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  await page.screenshot({ path: test.info().outputPath('withdraw-completed-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('.withdraw-card').screenshot({ path: test.info().outputPath('withdraw-phone-steps.png') });
  await page.getByRole('region', { name: 'Withdrawal History' }).screenshot({ path: test.info().outputPath('withdraw-phone-history.png') });
});

test('an amount over the balance is refused with "Insufficient balance." and cannot be submitted', async ({ page, request }) => {
  test.setTimeout(180_000);
  await verifiedUserWithDeposit(page, request, 'withdraw-over', '5');

  await chooseUsdtOnTrc20(page);
  await page.getByRole('textbox', { name: 'Amount' }).fill('6');
  await expect(page.getByTestId('withdraw-problem')).toHaveText('Insufficient balance.');
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  // Max takes what there is, which passes the balance rule.
  await page.getByRole('button', { name: 'Max' }).click();
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('5');
  await expect(page.getByTestId('withdraw-problem')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-received')).toHaveText('4 USDT');
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeEnabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'Amount' }).fill('6');
  await page.locator('.withdraw-card').screenshot({ path: test.info().outputPath('withdraw-refused-phone.png') });
});

test('closing the confirmation cancels the unconfirmed withdrawal', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUser(request, 'withdraw-close', { identity: true });
  await signIn(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseUsdtOnTrc20(page);
  // The sign-up grant sits in the spot wallet.
  await page.getByRole('radio', { name: /Spot \(Trading\)/ }).check();
  await page.getByRole('textbox', { name: 'Amount' }).fill('5');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = confirmDialog(page);
  await dialog.screenshot({ path: test.info().outputPath('withdraw-review-phone.png') });
  await submitAndFillEmailedCode(page, request, user.email);
  await expect(dialog.getByText('Closing this window cancels the withdrawal. Nothing has left your account yet.')).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath('withdraw-code-phone.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('withdraw-row').first();
  await expect(row.getByTestId('withdraw-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeFocused();
});

test('a visitor is asked to log in', async ({ page }) => {
  await page.goto('/withdraw');
  await expect(page.getByRole('heading', { name: 'Log in to withdraw' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
