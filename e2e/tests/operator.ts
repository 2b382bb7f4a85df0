import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, type TestUser } from './session';

const run = promisify(execFile);

/** The code an authenticator app shows for `secret`, `aheadMs` from now. */
export function appCode(secret: string, aheadMs = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + aheadMs });
}

/** Turns the authenticator app on with the previous period's code, so that the current and next ones stay unspent. */
export async function enableAuthenticator(request: APIRequestContext, user: TestUser): Promise<string> {
  const headers = { authorization: `Bearer ${user.token}` };
  const setup = await request.post('/api/user_account/security/totp/setup', { headers, data: { user_id: user.userId } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  // The previous period's code is good until the current period ends: with less than 10 s of it
  // left, a slow server (a loaded CI machine) checked it in the next period and refused it.
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const enabled = await request.post('/api/user_account/security/totp/enable', {
    headers,
    data: { user_id: user.userId, totp_code: appCode(secret, -30_000), password: user.password },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return secret;
}

/** `npm run admin -- <argv>` beside the running server: on its embedded database, through the server's socket. */
export async function admin(...argv: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...argv], {
    cwd: '..',
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', DATABASE_URL: '', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  return stdout;
}

/** Signs in through the login page, the authenticator's current code as the second step. */
export async function logInWithAuthenticator(page: Page, user: TestUser, secret: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authenticator code or recovery code').fill(appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Holds `user`'s identity verification under review: an administrator made for the purpose freezes
 * the account, and the automatic approval (KYC_AUTO_APPROVE_SECONDS) passes over a frozen one
 * (docs/verification.md). A test that looks at "under review" then sees it however slow the machine;
 * on a loaded CI machine the page took longer than the 6 s approval to show (2026-11-30). Answers
 * the call that lifts the freeze, after which the next pass approves.
 */
export async function holdVerification(request: APIRequestContext, user: TestUser): Promise<() => Promise<void>> {
  const officer = await createUser(request, 'hold-officer');
  await enableAuthenticator(request, officer);
  expect(await admin('operators', 'grant', officer.email, 'admin')).toContain(`${officer.email} is now admin`);
  const headers = { Authorization: `Bearer ${officer.token}` };
  const frozen = await request.post(`/api/admin/users/${user.userId}/freeze`, { headers, data: { reason: 'Held for review by the test' } });
  expect(frozen.status(), await frozen.text()).toBe(200);
  return async () => {
    const lifted = await request.post(`/api/admin/users/${user.userId}/unfreeze`, { headers, data: { reason: 'Review may go on' } });
    expect(lifted.status(), await lifted.text()).toBe(200);
  };
}
