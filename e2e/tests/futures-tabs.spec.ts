import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

/**
 * Issue 41's tabs in one journey of the user's own actions only (no other user's order has to fill
 * anything): a market open, a reduce-only limit far above the market that rests, its cancel, then a
 * close at market through the dialog, which shows its fee and expected result first.
 */
test('a position’s close limit rests in Open Orders and is canceled; the market close lands in Position History', async ({ page, request }) => {
  const user = await createUser(request, 'futures-tabs', { identity: true });
  await signIn(page, user);
  const moved = await page.request.post('/api/v1/transfers', {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { apikey: 'nexa-web', uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1000 },
  });
  expect(moved.ok()).toBe(true);
  await page.goto('/future-trading?coin_pair_id=1');

  const form = page.getByRole('form', { name: 'Futures order BTC' });
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.01');
  const opening = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/api/v1/futures?'));
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  const opened = (await (await opening).json()) as { position_id: string | null };
  expect(opened.position_id).not.toBeNull();

  const tabs = page.getByRole('region', { name: 'Positions' });
  await tabs.getByRole('tab', { name: 'Positions', exact: true }).click();
  const row = tabs.getByTestId(`futures-position-${opened.position_id}`);
  await row.getByRole('button', { name: 'Close…' }).click();

  // A reduce-only limit at twice the mark: it rests, whatever the simulated market does meanwhile.
  const contracts = (await (await page.request.get('/api/v1/futures/contracts?apikey=nexa-web')).json()) as { inst_id: string; mark_price: string }[];
  const far = String(Math.round(Number(contracts.find((c) => c.inst_id === 'BTC-USDT-SWAP')?.mark_price) * 2));
  let dialog = page.getByRole('dialog', { name: 'Close BTC-USDT-SWAP long' });
  // A first visit's floating help stays under the dialog and its dimmed backdrop, never over its buttons.
  await expect(dialog).toBeVisible();
  const helpUnderDialog = await page.evaluate(() => {
    const help = document.querySelector('.tour-help, .tour-help-fab');
    const overlay = document.querySelector('.modal-overlay');
    return help && overlay ? Number(getComputedStyle(help).zIndex) < Number(getComputedStyle(overlay).zIndex) : null;
  });
  expect(helpUnderDialog).toBe(true);
  await dialog.getByRole('button', { name: 'Limit', exact: true }).click();
  await dialog.getByRole('textbox').fill(far);
  await expect(dialog.getByTestId('close-preview-fee')).toHaveText(/^-[\d,]+\.\d{2} USDT$/);
  await expect(dialog.getByTestId('close-preview-result')).toHaveText(/USDT \(/);
  const placing = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('position_action=close'));
  await dialog.getByRole('button', { name: 'Place close order' }).click();
  const placed = (await (await placing).json()) as { future_id: string; status: string };
  expect(placed.status).toBe('pending');
  await expect(dialog).toBeHidden();

  await tabs.getByRole('tab', { name: 'Open Orders' }).click();
  const resting = tabs.getByTestId(`futures-open-order-${placed.future_id}`);
  await expect(resting).toContainText('Close long');
  const canceling = page.waitForResponse((res) => res.request().method() === 'DELETE' && res.url().includes(`/api/v1/futures/orders/${placed.future_id}`));
  await resting.getByRole('button', { name: `Cancel order ${placed.future_id}` }).click();
  expect((await canceling).status()).toBe(200);
  await expect(tabs.getByText('No open orders')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Positions', exact: true }).click();
  await row.getByRole('button', { name: 'Close…' }).click();
  dialog = page.getByRole('dialog', { name: 'Close BTC-USDT-SWAP long' });
  await expect(dialog.getByTestId('close-preview-result')).toBeVisible();
  const closing = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/api/v1/close-position'));
  await dialog.getByRole('button', { name: 'Close at market' }).click();
  expect(((await (await closing).json()) as { success: boolean }).success).toBe(true);

  await tabs.getByRole('tab', { name: 'Position History' }).click();
  const closed = tabs.getByTestId(`futures-closed-position-${opened.position_id}`);
  await expect(closed).toBeVisible();
  await expect(closed.getByTestId('futures-closed-net')).toHaveText(/^-?[\d,]+\.\d{2} USDT$/);
});
