import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './outbox';
import { tabTo } from './keyboard';
import { expectNotice, recordNotices } from './notices';
import { createUser, signIn } from './session';

interface Book {
  data: { bids: string[][] }[];
}

async function spotPageLoaded(page: Page): Promise<void> {
  await page.goto('/spot-trading?coin_pair_id=1');
  await expect(page.getByRole('list', { name: 'Bids' }).getByRole('listitem').first()).toBeVisible();
}

test.describe('keyboard only: no clicks', () => {
  test('a visitor signs up, typing the emailed code', async ({ page, request }) => {
    const email = `keys-${Date.now()}@example.com`;
    const password = 'keyboard-Password-1';
    await page.goto('/signup');

    const country = page.getByLabel('Country / region');
    await expect(country).toBeFocused();
    await page.keyboard.type('Germany');
    await expect(country).toHaveValue('DE');
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(password);
    await tabTo(page, page.getByLabel('Confirm password'));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');

    await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
    await page.keyboard.type(await latestCode(request, email));
    await page.keyboard.press('Enter');

    await expect(page.getByLabel('Full name')).toBeFocused();
    await page.keyboard.type('Kay Board');
    await tabTo(page, page.getByPlaceholder('Phone number'));
    await page.keyboard.type('5550199');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  });

  test('a user logs in', async ({ page, request }) => {
    const user = await createUser(request, 'keys-login');
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  });

  test('a user places a limit buy and cancels it', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'keys-spot'));
    await recordNotices(page);
    await spotPageLoaded(page);
    const form = page.getByRole('form', { name: 'Buy BTC' });
    await expect(form.getByTestId('available-balance')).toContainText('10,000');

    // 2% under the best bid, so the order rests in the book.
    const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=5')).json()) as Book;
    const price = (Math.floor(Number(book.data[0]!.bids[0]![0]) * 0.98 * 100) / 100).toFixed(2);
    await tabTo(page, form.getByLabel('Price'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(price);
    await tabTo(page, form.getByLabel('Amount'));
    await page.keyboard.type('0.01');
    await page.keyboard.press('Enter');
    await expectNotice(page, 'Buy order placed successfully!');

    const orders = page.getByRole('region', { name: 'Orders' });
    await expect(orders.getByRole('tab', { name: 'Open Orders' })).toHaveAttribute('aria-selected', 'true');
    const cancel = orders.getByRole('button', { name: /^Cancel order/ });
    await expect(cancel).toHaveCount(1);
    await tabTo(page, cancel);
    await page.keyboard.press('Enter');
    await expect(cancel).toHaveCount(0);
    await expect.poll(async () => (await form.getByTestId('available-balance').innerText()).replace(/[^\d.]/g, '')).toBe('10000.00000');
  });

  test('the spot Price field is fewer than 30 Tabs from the top of the page', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'keys-tabs'));
    await spotPageLoaded(page);
    const presses = await tabTo(page, page.getByRole('form', { name: 'Buy BTC' }).getByLabel('Price'), { limit: 120 });
    expect(presses).toBeLessThan(30);
  });

  test('header menus open from the keyboard only, and their items are out of the tab order when closed', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const trade = header.getByRole('button', { name: 'Trade', exact: true });
    await tabTo(page, trade);
    await expect(trade).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Tab');
    await expect(header.getByRole('button', { name: 'Discover' })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const items = header.getByRole('menu', { name: 'Trade' }).getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header.getByRole('menu')).toHaveCount(0);
    await expect(trade).toBeFocused();

    // Choosing Markets from Discover goes there; the new page's title is read out.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(header.getByRole('menuitem', { name: /^Markets/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/market$/);
    await expect(page).toHaveTitle('Markets | Nexa');
    await expect(page.getByTestId('route-announcer')).toHaveText('Markets | Nexa');
  });

  test('focus returns to what opened a dialog or a picker when it closes', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'keys-focus'));
    await page.goto('/');
    const header = page.getByRole('banner');

    const globe = header.getByRole('button', { name: 'Language and currency' });
    await tabTo(page, globe);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Language and currency' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(globe).toBeFocused();

    // A menu item that opens a dialog: focus comes back to the menu's button.
    const more = header.getByRole('button', { name: 'More', exact: true });
    await tabTo(page, more, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(header.getByRole('menuitem', { name: /^Launchpad/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(more).toBeFocused();

    // The coin picker: type, arrow to the option, Enter; focus is back on the pair's button.
    await spotPageLoaded(page);
    await tabTo(page, page.getByRole('button', { name: 'BTC/USDT', expanded: false }));
    await page.keyboard.press('Enter');
    // The picker focuses its search field once it is open; keys pressed before would go to the page.
    await expect(page.getByPlaceholder('Search', { exact: true })).toBeFocused();
    await page.keyboard.type('eth');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/coin_pair_id=2\b/);
    await expect(page.getByRole('button', { name: 'ETH/USDT', expanded: false })).toBeFocused();
    const lastPrice = page.getByTestId('last-price');
    await expect.poll(async () => (await page.title()) === `ETH/USDT ${await lastPrice.innerText()} | Spot | Nexa`).toBe(true);

    // The transfer asset picker, the same way.
    await page.goto('/transfer');
    await tabTo(page, page.getByRole('button', { name: 'Asset USDT Tether' }));
    await page.keyboard.press('Enter');
    const assetSearch = page.getByPlaceholder('Search assets...', { exact: true });
    await expect(assetSearch).toBeFocused();
    await page.keyboard.type('btc');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Asset BTC Bitcoin' })).toBeFocused();
    await page.keyboard.press('Enter');
    // Escape closes the picker only once it has opened and taken focus.
    await expect(assetSearch).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Asset BTC Bitcoin' })).toBeFocused();
  });

  test('on a phone, the order sheet and the menu give focus back to their buttons', async ({ browser, request }) => {
    const user = await createUser(request, 'keys-phone');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, user);
    await spotPageLoaded(page);

    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    await tabTo(page, buy, { limit: 120 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Buy BTC' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(buy).toBeFocused();

    const menu = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, menu, { limit: 120, backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await context.close();
  });
});
