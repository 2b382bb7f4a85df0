import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createUser, signIn } from './session';

test('a user opens the proof of reserves, verifies their balance, and sees every step pass', async ({ page, request }) => {
  const user = await createUser(request, 'reserves');
  // A snapshot taken after the sign-up, so the new user has a leaf (the daily one ran at start).
  const taken = await request.post('/api/dev/proof-of-reserves/snapshot');
  expect(taken.status()).toBe(200);
  const { snapshot } = (await taken.json()) as { snapshot: { id: string; root_hash: string } };

  await signIn(page, user);
  await page.goto('/proof-of-reserves');
  await expect(page.getByRole('heading', { name: 'Proof of Reserves', level: 1 })).toBeVisible();
  // Another test may take a snapshot meanwhile: the page shows the latest, which holds this user too.
  await expect(page.getByTestId('por-root')).toHaveText(/^[0-9a-f]{64}$/);
  expect(snapshot.root_hash).toMatch(/^[0-9a-f]{64}$/);

  const proof = page.waitForResponse((r) => r.url().includes('/api/v1/proof-of-reserves/my-proof') && r.status() === 200);
  await page.getByRole('button', { name: 'Verify my balance' }).click();
  await proof;
  await expect(page.getByText('Verified: your balances are counted in the published total.')).toBeVisible();
  const steps = page.getByTestId('por-step');
  expect(await steps.count()).toBeGreaterThanOrEqual(5);
  await expect(steps.and(page.locator('[data-ok="false"]'))).toHaveCount(0);
  await expect(steps.first()).toContainText('The proof file is well formed');
  await expect(steps.last()).toContainText('The computed root is the published root');
  // What the user came for: their own balance, as their wallet shows it (the sign-up grant), from the verified leaf.
  await expect(page.getByTestId('por-mine')).toHaveText(/^USDT\s*10,000$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Verify my balance' })).toBeVisible();
});

test('every reserve address on the page shows its signature verified in the browser', async ({ page, request }) => {
  const user = await createUser(request, 'reserves-sig');
  // This user's deposit makes sure at least one address holds reserves, whatever ran before.
  const sent = await request.post('/api/v1/simulated-chain/deposits', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { apikey: 'nexa-web', uid: user.uid, network_id: 2, symbol: 'USDT', amount: '5' },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const addresses = page.waitForResponse((r) => r.url().includes('/api/v1/proof-of-reserves/addresses') && r.status() === 200);
  await page.goto('/proof-of-reserves');
  await addresses;
  const trc20 = page.getByRole('list', { name: 'Addresses on TRC20' });
  await expect(trc20.getByTestId('por-sig').first()).toHaveAttribute('data-check', 'verified');
  await expect(trc20.getByTestId('por-sig').and(page.locator(':not([data-check="verified"])'))).toHaveCount(0);
  await expect(trc20.getByText('Signature verified').first()).toBeVisible();
});

/**
 * The browser's verifier (the page's, WebCrypto's SHA-256 in Chromium) on the fixtures the
 * standalone script and the contract's tests read (packages/contract/test/fixtures/reserves): the
 * page is served each file as the user's proof and the fixtures' root as the published one, and
 * must say "Verified" exactly for the valid ones. A file the page cannot even read as a proof (a
 * negative balance is no amount) is refused before any hash: not verified either.
 */
test('the browser verifier gives the shared fixture files the verdicts the standalone verifier gives', async ({ page, request }) => {
  const fixtures = fileURLToPath(new URL('../../packages/contract/test/fixtures/reserves/', import.meta.url));
  const { publishedRoot, cases } = JSON.parse(readFileSync(path.join(fixtures, 'cases.json'), 'utf8')) as {
    publishedRoot: string;
    cases: { file: string; valid: boolean; why: string }[];
  };
  const user = await createUser(request, 'reserves-fixtures');
  let served = '';
  await page.route('**/api/v1/proof-of-reserves?*', (route) =>
    route.fulfill({
      json: { snapshot: { id: 'snap-fixture-1', taken_at: '2026-11-29T00:00:00.000Z', root_hash: publishedRoot, users: 7, assets: [] } },
    }),
  );
  await page.route('**/api/v1/proof-of-reserves/my-proof?*', (route) => route.fulfill({ body: readFileSync(path.join(fixtures, served)), contentType: 'application/json' }));
  await signIn(page, user);
  await page.goto('/proof-of-reserves');
  await expect(page.getByTestId('por-root')).toHaveText(publishedRoot);

  for (const c of cases) {
    served = c.file;
    const answered = page.waitForResponse((r) => r.url().includes('/api/v1/proof-of-reserves/my-proof'));
    await page.getByRole('button', { name: 'Verify my balance' }).click();
    await answered;
    // The verdict, or the refusal of a file that is no proof: one of the two, never both.
    const verdict = page.locator('.por-verdict, .por-verify__error');
    await expect(verdict, c.why).toHaveText(
      c.valid ? 'Verified: your balances are counted in the published total.' : /^(Verification failed: this proof does not lead to the published root\.|Your proof could not be loaded\.)$/,
    );
  }
});
