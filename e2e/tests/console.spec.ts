import { expect, test } from '@playwright/test';
import { blockingViolations } from './axe';
import { admin, appCode, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser } from './session';

test('an administrator made by the command line signs in with the authenticator, finds a colleague, grants a role and sees it audited', async ({ page, request }) => {
  test.setTimeout(120_000);
  const chief = await createUser(request, 'chief');
  const colleague = await createUser(request, 'colleague');
  const secret = await enableAuthenticator(request, chief);
  expect(await admin('operators', 'grant', chief.email, 'admin')).toContain(`${chief.email} is now admin`);

  await logInWithAuthenticator(page, chief, secret);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${chief.email}, roles: admin`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect.soft(await blockingViolations(page), 'serious or critical axe violations on the console').toBe('');

  const sections = page.getByRole('navigation', { name: 'Operator console sections' });
  await sections.getByRole('button', { name: 'Users' }).click();
  await page.getByLabel('Email, UID or user ID').fill(colleague.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: colleague.email }).click();
  await expect(page.getByRole('heading', { name: 'User', exact: true })).toBeVisible();
  await expect(page.getByText(String(colleague.uid), { exact: true })).toBeVisible();

  // An account action: the freeze stops the colleague's money moves at once, and lifts as quickly.
  const transfer = () =>
    request.post('/api/v1/transfers', {
      headers: { authorization: `Bearer ${colleague.token}` },
      data: { apikey: 'nexa-web', uid: colleague.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: '1' },
    });
  await page.getByRole('button', { name: 'Freeze account' }).click();
  const freezeForm = page.getByRole('form', { name: 'Freeze account' });
  await freezeForm.getByLabel('Reason').fill('Ticket 7: takeover reported');
  await freezeForm.getByRole('button', { name: 'Freeze account' }).click();
  // The freeze cancels the account's open orders and says how many: this colleague had none.
  await expect(page.getByText('Account frozen: 0 open orders cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/Frozen since .*: Ticket 7: takeover reported/)).toBeVisible();
  const refused = await transfer();
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_FROZEN');
  await page.getByRole('button', { name: 'Unfreeze account' }).click();
  await page.getByRole('form', { name: 'Unfreeze account' }).getByLabel('Reason').fill('Ticket 7: owner confirmed');
  await page.getByRole('form', { name: 'Unfreeze account' }).getByRole('button', { name: 'Unfreeze account' }).click();
  await expect(page.getByText('Account unfrozen', { exact: true })).toBeVisible();
  expect((await transfer()).status()).not.toBe(403);

  await sections.getByRole('button', { name: 'Operators' }).click();
  await page.getByLabel('Email', { exact: true }).fill(colleague.email);
  await page.getByLabel('Role').selectOption('compliance');
  await page.getByLabel('Reason').fill('New compliance officer');
  await page.getByLabel('Authenticator code').fill(appCode(secret, 30_000));
  const granted = page.waitForResponse((r) => r.url().endsWith('/api/admin/operators') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Grant role' }).click();
  expect((await granted).status()).toBe(200);
  await expect(page.getByText(`${colleague.email} is now compliance.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: colleague.email })).toContainText('compliance');

  await sections.getByRole('button', { name: 'Audit log' }).click();
  await page.getByLabel('Target').fill(colleague.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row').filter({ hasText: 'operators.grant' });
  await expect(row).toContainText(chief.email);
  await expect(row).toContainText('New compliance officer');
  await expect(row).toContainText('["compliance"]');
  await page.getByLabel('Target').fill('');
  await page.getByLabel('Action').fill('users.');
  await page.getByRole('button', { name: 'Filter' }).click();
  // The log is the whole exchange's: other tests' operators freeze accounts too.
  const ofColleague = page.getByRole('row').filter({ hasText: colleague.email });
  await expect(ofColleague.filter({ hasText: 'users.freeze' })).toContainText('Ticket 7: takeover reported');
  await expect(ofColleague.filter({ hasText: 'users.unfreeze' })).toContainText('Ticket 7: owner confirmed');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('audit-log.csv');
});
