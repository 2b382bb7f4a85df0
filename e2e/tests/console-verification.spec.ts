import { expect, test } from '@playwright/test';
import { admin, appCode, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser, signIn, submitIdentity } from './session';

/*
 * The e2e server approves identities by itself after KYC_AUTO_APPROVE_SECONDS; that job passes over a
 * frozen account (docs/verification.md), so this user, frozen before the upload, waits for compliance
 * however slow the machine is.
 */
test('an administrator grants compliance to a colleague, who approves a user’s verification after viewing the documents; the user’s landing page turns to Account Verified and the audit log shows both', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const [chief, colleague, user] = await Promise.all([createUser(request, 'chief'), createUser(request, 'officer'), createUser(request, 'applicant')]);
  const chiefSecret = await enableAuthenticator(request, chief);
  const colleagueSecret = await enableAuthenticator(request, colleague);
  expect(await admin('operators', 'grant', chief.email, 'admin')).toContain(`${chief.email} is now admin`);

  const frozen = await request.post(`/api/admin/users/${user.userId}/freeze`, {
    headers: { authorization: `Bearer ${chief.token}` },
    data: { reason: 'Ticket 12: identity to be checked by compliance' },
  });
  expect(frozen.status(), await frozen.text()).toBe(200);
  await submitIdentity(request, user);

  // The administrator grants the role in the console.
  await logInWithAuthenticator(page, chief, chiefSecret);
  await page.goto('/admin');
  const sections = page.getByRole('navigation', { name: 'Operator console sections' });
  await sections.getByRole('button', { name: 'Operators' }).click();
  await page.getByLabel('Email', { exact: true }).fill(colleague.email);
  await page.getByLabel('Role').selectOption('compliance');
  await page.getByLabel('Reason').fill('New compliance officer');
  await page.getByLabel('Authenticator code').fill(appCode(chiefSecret, 30_000));
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText(`${colleague.email} is now compliance.`)).toBeVisible();

  // The user waits on the landing page, under review.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, user);
  await userPage.goto('/');
  await expect(userPage.getByRole('heading', { name: 'Verification Under Review', exact: true })).toBeVisible();

  // The colleague, with the authenticator, works through the queue.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await logInWithAuthenticator(officer, colleague, colleagueSecret);
  await officer.goto('/admin');
  await expect(officer.getByText(`Signed in as ${colleague.email}, roles: compliance`)).toBeVisible();
  const officerSections = officer.getByRole('navigation', { name: 'Operator console sections' });
  await expect(officerSections.getByRole('button', { name: 'Operators' })).toHaveCount(0);
  await officerSections.getByRole('button', { name: 'Verifications' }).click();
  await officer.getByRole('button', { name: user.email }).click();
  await expect(officer.getByRole('heading', { name: 'Verification', exact: true })).toBeVisible();
  for (const name of ['Document 1', 'Document 2']) {
    const image = officer.getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    // Decoded, not a broken image: the bytes came through the operator's authenticated route.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  }
  await officer.getByLabel('Reason').fill('Passport matches the selfie');
  const decided = officer.waitForResponse((r) => r.url().endsWith(`/api/admin/kyc/${user.userId}/decision`));
  await officer.getByRole('button', { name: 'Approve' }).click();
  expect((await decided).status()).toBe(200);
  await expect(officer.getByText('The verification was approved.')).toBeVisible();

  // The landing page asks again every 10 s while under review.
  await expect(userPage.getByRole('heading', { name: 'Account Verified', exact: true })).toBeVisible({ timeout: 30_000 });

  // Both actions in the administrator's audit log.
  await sections.getByRole('button', { name: 'Audit log' }).click();
  await page.getByLabel('Target').fill(colleague.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const grant = page.getByRole('row').filter({ hasText: 'operators.grant' });
  await expect(grant).toContainText(chief.email);
  await expect(grant).toContainText('New compliance officer');
  await page.getByLabel('Target').fill(user.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const approval = page.getByRole('row').filter({ hasText: 'kyc.approve' });
  await expect(approval).toContainText(colleague.email);
  await expect(approval).toContainText('compliance');
  await expect(approval).toContainText('Passport matches the selfie');
  await expect(page.getByRole('row').filter({ hasText: 'users.freeze' })).toContainText('Ticket 12');

  await userContext.close();
  await officerContext.close();
});
