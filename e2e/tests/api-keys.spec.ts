import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { latestCode, newestMailTime } from './outbox';
import { createUser, signIn } from './session';

/** OKX v5's signature, made here apart from the server's code. */
function okxHeaders(key: { api_key: string; secret_key: string; passphrase: string }, path: string) {
  const timestamp = new Date().toISOString();
  const sign = createHmac('sha256', key.secret_key).update(`${timestamp}GET${path}`).digest('base64');
  return { 'OK-ACCESS-KEY': key.api_key, 'OK-ACCESS-PASSPHRASE': key.passphrase, 'OK-ACCESS-TIMESTAMP': timestamp, 'OK-ACCESS-SIGN': sign };
}

test('an API key made with the mailed code shows its secret once, signs calls, and is refused at once after its deletion', async ({ page, request }) => {
  const user = await createUser(request, 'apikeys');
  await signIn(page, user);
  await page.goto('/account/profile');
  await page.getByRole('link', { name: 'API Management' }).click();
  await expect(page).toHaveURL(/\/account\/api$/);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Label').fill('e2e bot');
  await form.getByLabel('Passphrase').fill('E2e-pass-1234');
  let after = await newestMailTime(request, user.email);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/api-keys/email-code') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send code' }).click();
  expect((await sent).status()).toBe(200);
  await form.getByLabel('Email code').fill(await latestCode(request, user.email, after));
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/api-keys') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create key' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const key = (await answer.json()) as { api_key: string; secret_key: string; passphrase: string };

  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByText(key.secret_key)).toBeVisible();
  const signed = await request.get('/api/v5/account/config', { headers: okxHeaders(key, '/api/v5/account/config') });
  expect(((await signed.json()) as { code: string }).code).toBe('0');
  await dialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(key.secret_key)).toHaveCount(0);
  await expect(page.getByText(key.api_key)).toBeVisible();

  await page.getByRole('button', { name: 'Delete e2e bot' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete API key' });
  after = await newestMailTime(request, user.email);
  await remove.getByRole('button', { name: 'Send code' }).click();
  await remove.getByLabel('Email code').fill(await latestCode(request, user.email, after));
  const deleted = page.waitForResponse((r) => r.url().includes(`/api/v1/api-keys/${key.api_key}`) && r.request().method() === 'DELETE');
  await remove.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();

  const refused = await request.get('/api/v5/account/config', { headers: okxHeaders(key, '/api/v5/account/config') });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ code: '50111', msg: 'Invalid OK-ACCESS-KEY', data: [], message: 'Invalid OK-ACCESS-KEY' });
});
