import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

test('a trader sets each side’s leverage, take-profit and stop-loss on a position, and adds and removes margin from the Positions tab', async ({ page, request }) => {
  const user = await createUser(request, 'futures-tools', { identity: true });
  await signIn(page, user);
  const moved = await page.request.post('/api/v1/transfers', {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { apikey: 'nexa-web', uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1000 },
  });
  expect(moved.ok()).toBe(true);
  await page.goto('/future-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Futures order BTC' });
  await expect(form.getByTestId('futures-available')).toContainText('1,000.');

  // The short side's leverage alone: the long keeps its 20x, and the header names both.
  const shortLeverage = form.getByRole('textbox', { name: 'Short leverage' });
  await shortLeverage.fill('10');
  const leverageSet = page.waitForResponse((r) => r.url().includes('/futures/leverage') && r.request().method() === 'PUT');
  await shortLeverage.press('Enter');
  const leverageAnswer = await leverageSet;
  expect(leverageAnswer.status()).toBe(200);
  expect(JSON.parse(leverageAnswer.request().postData() ?? '{}')).toMatchObject({ side: 'short', margin_mode: 'isolated', leverage: 10 });
  await expect(page.getByTestId('header-leverage')).toHaveText('20x long / 10x short');
  await expect(form.getByRole('textbox', { name: 'Long leverage' })).toHaveValue('20');

  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.01');
  await expect(form.getByTestId('futures-cost-sell')).toBeVisible();
  const opened = page.waitForResponse((r) => r.url().includes('/api/v1/futures?') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Buy / Long' }).click();
  const answer = (await (await opened).json()) as { position_id: string | null };
  expect(answer.position_id).not.toBeNull();

  const positions = page.getByRole('region', { name: 'Positions' });
  await positions.getByRole('tab', { name: 'Positions' }).click();
  const row = page.getByTestId(`futures-position-${answer.position_id}`);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'TP/SL' }).click();
  const tpsl = page.getByRole('dialog', { name: 'Take-profit / stop-loss' });
  await tpsl.getByLabel('Take-profit (USDT)').fill('1000000');
  await tpsl.getByLabel('Stop-loss (USDT)').fill('1000');
  const set = page.waitForResponse((r) => r.url().includes('/tpsl') && r.request().method() === 'PUT');
  await tpsl.getByRole('button', { name: 'Confirm' }).click();
  expect((await set).status()).toBe(200);
  await expect(tpsl).toBeHidden();
  await expect(row.getByTestId('futures-position-tpsl')).toHaveText(/1,000,000\.00 \/ 1,000\.00/);

  await row.getByRole('button', { name: 'Margin' }).click();
  let dialog = page.getByRole('dialog', { name: 'Adjust margin' });
  await expect(dialog.getByText('Available to add')).toBeVisible();
  await expect(dialog.getByTestId('margin-dialog-limit')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
  await dialog.getByLabel('Amount (USDT)').fill('20');
  const added = page.waitForResponse((r) => r.url().includes('/margin') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const changed = (await (await added).json()) as { margin: string };
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('futures-position-margin')).toHaveText(Number(changed.margin).toFixed(2));

  // Removing: the dialog names the server's bound and its Max button fills it in.
  await row.getByRole('button', { name: 'Margin' }).click();
  dialog = page.getByRole('dialog', { name: 'Adjust margin' });
  await dialog.getByRole('combobox').selectOption('reduce');
  await expect(dialog.getByText('Max removable')).toBeVisible();
  await expect(dialog.getByTestId('margin-dialog-limit')).toHaveText(/^[1-9][\d,]*\.\d{2} USDT$/);
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(dialog.getByLabel('Amount (USDT)')).toHaveValue(/^[1-9]\d*(\.\d{1,8})?$/);
  // A smaller amount than the bound, so a move of the mark meanwhile cannot refuse it.
  await dialog.getByLabel('Amount (USDT)').fill('1');
  const removed = page.waitForResponse((r) => r.url().includes('/margin') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const after = (await (await removed).json()) as { margin: string };
  expect(Number(after.margin)).toBeCloseTo(Number(changed.margin) - 1, 6);
  await expect(row.getByTestId('futures-position-margin')).toHaveText(Number(after.margin).toFixed(2));
});
