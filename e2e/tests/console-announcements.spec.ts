import { expect, test } from '@playwright/test';
import { admin, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser } from './session';

test('an administrator writes, previews and publishes an announcement on a phone; the help centre shows it until it is unpublished', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const chief = await createUser(request, 'editor');
  const secret = await enableAuthenticator(request, chief);
  expect(await admin('operators', 'grant', chief.email, 'admin')).toContain(`${chief.email} is now admin`);
  const slug = `console-news-${Date.now()}`;

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await logInWithAuthenticator(page, chief, secret);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Operator console sections' }).getByRole('button', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('form', { name: 'New announcement' });
  await form.getByLabel('Title').fill('Console announcements are live');
  await form.getByLabel('Address (slug)').fill(slug);
  await form.getByLabel('Summary').fill('Written in the operator console');
  await form.getByLabel('Body (Markdown)').fill('## What changes\n\nSee the [markets](/markets).\n\n<script>alert(1)</script>');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'What changes' })).toBeVisible();
  await expect(preview).toContainText('<script>alert(1)</script>');
  await page.screenshot({ path: test.info().outputPath('announcement-form-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('“Console announcements are live” is saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish “Console announcements are live”' }).click();
  await expect(page.getByText('“Console announcements are live” is published.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('announcements-list-390.png'), fullPage: true });

  const reader = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await reader.goto(`/help/${slug}`);
  await expect(reader.getByRole('heading', { name: 'Console announcements are live' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'What changes' })).toBeVisible();

  await page.getByRole('button', { name: 'Unpublish “Console announcements are live”' }).click();
  await expect(page.getByText('“Console announcements are live” is unpublished.')).toBeVisible();
  await reader.reload();
  await expect(reader.getByText('Article not found')).toBeVisible();
  await reader.close();
  await page.close();
});
