import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestCode, newestMail, newestMailTime } from './outbox';

/** The confirmation dialog of the withdrawal page. */
export const confirmDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Confirm withdrawal' });

/**
 * From the open review: Confirm submits the withdrawal, and the code the server mails for it (the
 * outbox's newest mail, which names the address and amount) goes into the dialog. Answers that mail's
 * text; the caller confirms, adding the authenticator's code first when the app is on.
 */
export async function submitAndFillEmailedCode(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const dialog = confirmDialog(page);
  const before = await newestMailTime(request, email);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  const code = await latestCode(request, email, before);
  const field = dialog.getByRole('textbox', { name: 'Email verification code' });
  await expect(field).toBeFocused();
  await field.fill(code);
  return (await newestMail(request, email))?.text ?? '';
}
