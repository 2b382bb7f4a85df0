import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser } from './session';

const run = promisify(execFile);
const code = (secret: string, ahead = 0) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead });

test('screenshots', async ({ page, request }) => {
  test.setTimeout(120_000);
  const chief = await createUser(request, 'shots');
  const other = await createUser(request, 'shotuser');
  const headers = { authorization: `Bearer ${chief.token}` };
  const setup = await request.post('/api/user_account/security/totp/setup', { headers, data: { user_id: chief.userId } });
  const { secret } = (await setup.json()) as { secret: string };
  await request.post('/api/user_account/security/totp/enable', { headers, data: { user_id: chief.userId, totp_code: code(secret, -30_000), password: chief.password } });
  await run('npm', ['run', '--silent', 'admin', '--', 'operators', 'grant', chief.email, 'admin'], { cwd: '..', env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', DATABASE_URL: '', LOG_LEVEL: 'silent' } });
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(chief.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(chief.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authenticator code or recovery code').fill(code(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Run ledger check' }).click();
    await expect(page.getByText('Ledger OK: every invariant holds.')).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/dashboard-${w}.png`, fullPage: true });
    await page.getByRole('navigation', { name: 'Operator console sections' }).getByRole('button', { name: 'Users' }).click();
    await page.getByLabel('Email, UID or user ID').fill(other.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: other.email }).click();
    await page.getByRole('button', { name: w === 1440 ? 'Freeze account' : 'End all sessions' }).click();
    await page.screenshot({ path: `/tmp/shots/user-${w}.png`, fullPage: true });
  }
});
