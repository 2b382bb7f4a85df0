import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './outbox';
import { createUser, signIn } from './session';

const API_KEY = 'nexa-web';

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an unknown help article shows "Article not found"', async ({ page }) => {
  await page.goto('/help/no-such-article');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse announcements' }).click();
  await expect(page).toHaveURL(/\/help\/category\/announcements$/);
  await expect(page.getByText(/^Showing 1-15 of \d+ articles$/)).toBeVisible();
});

test('the help centre pages its announcements, filters by category and opens an article', async ({ page }) => {
  await page.goto('/help/category/announcements');
  const pages = page.getByRole('navigation', { name: 'Announcement pages' });
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 16-30 of \d+ articles$/)).toBeVisible();
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('navigation', { name: 'Help centre categories' }).getByRole('link', { name: 'Futures guides' }).click();
  await expect(page.getByText('Showing 1-5 of 5 articles')).toBeVisible();
  await shoot(page, 'help-announcements');
  await page.getByRole('link', { name: 'How Funding Works on Perpetual Futures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How Funding Works on Perpetual Futures' })).toBeVisible();
  await expect(page.getByText(/funding interval is 4 hours/i)).toBeVisible();
  await shoot(page, 'help-article');
});

test('the header bell lists the latest announcements from the server', async ({ page, request }) => {
  const latest = (await (await request.get(`/api/v1/notifications?apikey=${API_KEY}`)).json()) as { title: string; path: string }[];
  await page.goto('/market');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const first = page.getByRole('link', { name: new RegExp(latest[0]!.title.replace(/[()]/g, '.')) });
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${latest[0]!.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: latest[0]!.title })).toBeVisible();
});

test('an article body is sanitised in the browser too', async ({ page }) => {
  await page.route('**/api/v1/help/articles/crafted**', (route) =>
    route.fulfill({
      json: {
        id: 999, slug: 'crafted', title: 'Crafted', summary: 's', category: 'maintenance', time: '2025-05-01 10:00',
        path: '/help/crafted', publishDate: '2025-05-01', readTime: 1, language: 'en',
        html: '<p>Body</p><img src="x" onerror="window.pwned = true"><script>window.pwned = true</script><a href="javascript:window.pwned=true">x</a>',
      },
    }),
  );
  await page.goto('/help/crafted');
  await expect(page.getByText('Body')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  expect(await page.locator('.help-article__body img[onerror], .help-article__body script').count()).toBe(0);
  expect(await page.locator('.help-article__body a[href^="javascript"]').count()).toBe(0);
});

test('a referred sign-up appears on the referrer’s Referral page', async ({ page, request }) => {
  const referrer = await createUser(request, 'referrer');
  const answer = await request.get(`/api/v1/referrals?apikey=${API_KEY}&uid=${referrer.uid}`, { headers: { Authorization: `Bearer ${referrer.token}` } });
  const { referral_code: code, referral_path: link } = (await answer.json()) as { referral_code: string; referral_path: string };

  // The friend opens the link and signs up through the wizard: the code is filled in.
  const friend = `friend-${Date.now()}@example.com`;
  await page.goto(link);
  await page.getByLabel('Country / region').selectOption('DE');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Referral code (optional)')).toHaveValue(code);
  await page.getByLabel('Email', { exact: true }).fill(friend);
  await page.getByLabel('Password', { exact: true }).fill('friend-Password-1');
  await page.getByLabel('Confirm password').fill('friend-Password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
  const otp = await latestCode(request, friend);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Full name')).toBeVisible();

  // The referrer sees the friend, masked, verified by email.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, referrer);
  await page.goto('/pages/morePages/Referral');
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  const masked = `${friend[0]}***${friend.slice(friend.indexOf('@') - 1)}`;
  const row = page.getByRole('row', { name: new RegExp(masked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Yes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Referred users (1)' })).toBeVisible();
  await shoot(page, 'referral');

  await page.getByRole('navigation', { name: 'Rewards' }).getByRole('link', { name: 'My Rewards' }).click();
  await expect(page.getByRole('cell', { name: 'Newcomer gift' })).toBeVisible();
  await shoot(page, 'my-rewards');
  await page.getByRole('navigation', { name: 'Rewards' }).getByRole('link', { name: 'Campaign Center' }).click();
  await expect(page.getByRole('heading', { name: 'Newcomer gift' })).toBeVisible();
  await shoot(page, 'campaign-center');
});

test('a mistyped referral code is refused with a plain message', async ({ page }) => {
  await page.goto('/signup?ref=ZZZZ0000');
  await page.getByLabel('Country / region').selectOption('DE');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email', { exact: true }).fill(`typo-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('typo-Password-1');
  await page.getByLabel('Confirm password').fill('typo-Password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This referral code does not exist. Check it, or leave the field empty.')).toBeVisible();
});
