import { expect, test } from '@playwright/test';
import { admin, appCode, enableAuthenticator } from './operator';
import { createUser, signIn } from './session';

const grant = (email: string, role: string) => admin('operators', 'grant', email, role);

test('a goodwill credit proposed by one operator is booked when a second approves it in the console, and the user reads its reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const proposer = await createUser(request, 'proposer');
  const approver = await createUser(request, 'approver');
  const customer = await createUser(request, 'customer');
  const proposerSecret = await enableAuthenticator(request, proposer);
  const approverSecret = await enableAuthenticator(request, approver);
  await grant(proposer.email, 'treasury');
  await grant(approver.email, 'treasury');

  const proposed = await request.post('/api/admin/adjustments', {
    headers: { authorization: `Bearer ${proposer.token}` },
    data: { user_id: customer.userId, asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '12.5', reason: 'Goodwill for ticket 8812', totp_code: appCode(proposerSecret) },
  });
  expect(proposed.status(), await proposed.text()).toBe(200);

  await signIn(page, approver);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Operator console sections' }).getByRole('button', { name: 'Adjustments' }).click();
  await page.getByRole('listitem').filter({ hasText: customer.email }).getByRole('button', { name: '+12.5 USDT' }).click();
  await expect(page.getByText('Goodwill for ticket 8812')).toBeVisible();
  const approval = page.getByRole('form', { name: 'Approve the adjustment' });
  await approval.getByLabel('Authenticator code').fill(appCode(approverSecret));
  await approval.getByRole('button', { name: 'Approve and book' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved and booked' })).toBeVisible();

  await signIn(page, customer);
  await page.goto('/assets/history');
  const row = page.getByRole('region', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Adjustment by the exchange' });
  await expect(row).toContainText('Goodwill for ticket 8812');
  await expect(row).toContainText('12.5');
});
