import { expect, test, type Page } from '@playwright/test';
import { admin, enableAuthenticator } from './operator';
import { createUser, signIn } from './session';

/** Waits for the header's question about the user's roles, asked when a menu opens. */
const rolesAnswered = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/user_account/operator-roles'));

test('an operator finds the console in the account menu and the phone menu; a plain user finds it in neither and /admin refuses them', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [operator, plain] = await Promise.all([createUser(request, 'support-op'), createUser(request, 'plain')]);
  await enableAuthenticator(request, operator);
  expect(await admin('operators', 'grant', operator.email, 'support')).toContain(`${operator.email} is now support`);

  for (const [user, isOperator] of [
    [operator, true],
    [plain, false],
  ] as const) {
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(desktop, user);
    await desktop.goto('/markets');
    const answered = rolesAnswered(desktop);
    await desktop.getByRole('button', { name: 'Account', exact: true }).click();
    expect((await answered).status()).toBe(200);
    const entry = desktop.getByRole('menuitem', { name: 'Console' });
    if (isOperator) {
      await entry.click();
      await expect(desktop).toHaveURL(/\/admin$/);
      await expect(desktop.getByText(`Signed in as ${user.email}, roles: support`)).toBeVisible();
    } else {
      await expect(desktop.getByRole('menuitem', { name: 'Security' })).toBeVisible();
      await expect(entry).toHaveCount(0);
      await desktop.goto('/admin');
      await expect(desktop.getByText('This page is for the exchange’s operators only')).toBeVisible();
    }
    await desktop.close();

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, user);
    await phone.goto('/markets');
    const phoneAnswered = rolesAnswered(phone);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    expect((await phoneAnswered).status()).toBe(200);
    const drawer = phone.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(drawer.getByRole('link', { name: 'Security' })).toBeVisible();
    if (isOperator) {
      await drawer.getByRole('link', { name: 'Console' }).click();
      await expect(phone).toHaveURL(/\/admin$/);
      await expect(phone.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();
    } else {
      await expect(drawer.getByRole('link', { name: 'Console' })).toHaveCount(0);
    }
    await phone.close();
  }
});
