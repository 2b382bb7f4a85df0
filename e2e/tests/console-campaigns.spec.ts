import { expect, test, type Page } from '@playwright/test';
import { admin, enableAuthenticator, logInWithAuthenticator } from './operator';
import { createUser } from './session';

const CAMPAIGN_CENTER = '/pages/morePages/CampaignCenter';

async function openCampaigns(page: Page, section: string) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: /Operator console sections|consola/ }).getByRole('button', { name: section }).click();
}

test('an administrator writes and publishes a campaign; a visitor sees it in the Campaign Center until it is unpublished', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const chief = await createUser(request, 'campaigner');
  const secret = await enableAuthenticator(request, chief);
  expect(await admin('operators', 'grant', chief.email, 'admin')).toContain(`${chief.email} is now admin`);
  const slug = `console-campaign-${Date.now()}`;
  const title = `Trading week ${slug.slice(-6)}`;

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logInWithAuthenticator(page, chief, secret);
  await openCampaigns(page, 'Campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Name (slug)').fill(slug);
  await form.getByLabel('Summary').fill('Trade any spot pair this week');
  await form.getByLabel('Reward', { exact: true }).fill('A 5 USDT voucher');
  await form.getByLabel('Take part at').fill('/markets');
  await form.getByLabel('Body (Markdown)').fill('## How to take part\n\nTrade on [the markets](/markets).');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'How to take part' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaign-form-1440.png'), fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`“${title}” is saved.`)).toBeVisible();
  await page.getByRole('button', { name: `Publish “${title}”` }).click();
  await expect(page.getByText(`“${title}” is published.`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaigns-list-1440.png'), fullPage: true });

  const reader = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await reader.goto(CAMPAIGN_CENTER);
  const card = reader.getByRole('article', { name: title });
  await expect(card).toContainText('A 5 USDT voucher');
  await expect(card.getByRole('heading', { name: 'How to take part' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Take part' })).toHaveAttribute('href', '/markets');
  await reader.screenshot({ path: test.info().outputPath('campaign-center-390.png'), fullPage: true });

  await page.getByRole('button', { name: `Unpublish “${title}”` }).click();
  await expect(page.getByText(`“${title}” is unpublished.`)).toBeVisible();
  await reader.reload();
  // The file's campaign shows once the list has loaded, so the count below is of a loaded list.
  await expect(reader.getByRole('article', { name: 'Invite friends' })).toBeVisible();
  await expect(reader.getByRole('article', { name: title })).toHaveCount(0);
  await reader.close();
  await page.close();
});

test('the Campaigns section in Spanish on a phone and on a desktop', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const chief = await createUser(request, 'campaigner-es');
  const secret = await enableAuthenticator(request, chief);
  expect(await admin('operators', 'grant', chief.email, 'admin')).toContain(`${chief.email} is now admin`);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await logInWithAuthenticator(page, chief, secret);
  await page.goto('/admin');
  await page.getByRole('banner').getByRole('button', { name: 'Language and currency' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.keyboard.press('Escape');
  await openCampaigns(page, 'Campañas');
  await page.getByRole('button', { name: 'Nueva campaña' }).click();
  await expect(page.getByRole('form', { name: 'Nueva campaña' }).getByLabel('Día de inicio')).toBeVisible();
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`campaign-form-es-${viewport.width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  await context.close();
});
