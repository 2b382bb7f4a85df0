import { expect, test, type Page } from '@playwright/test';
import { expectNotice, recordNotices } from './notices';
import { createUser, signIn } from './session';

interface Book {
  data: { asks: string[][]; bids: string[][] }[];
}

async function availableUsdt(page: Page): Promise<number> {
  const text = await page.getByTestId('available-balance').innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

test('a new user rests a limit buy, cancels it, then fills a market buy and sees history and balances change', async ({ page, request }) => {
  const user = await createUser(request, 'spot');
  await signIn(page, user);
  await recordNotices(page);
  await page.goto('/spot-trading?coin_pair_id=1');
  await expect(page).toHaveURL(/coin_pair_id=\d+/);
  const form = page.getByRole('form', { name: 'Buy BTC' });
  await expect(form.getByTestId('available-balance')).toContainText('10,000');

  // A limit buy 2% under the best bid rests in the book and holds its USDT.
  const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=5')).json()) as Book;
  const bestBid = Number(book.data[0]!.bids[0]![0]);
  const price = (Math.floor(bestBid * 0.98 * 100) / 100).toFixed(2);
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByLabel('Price').fill(price);
  await form.getByLabel('Amount').fill('0.01');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expectNotice(page, 'Buy order placed successfully!');

  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByRole('tab', { name: 'Open Orders' }).click();
  const openRow = orders.getByRole('row').filter({ hasText: Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 }) });
  await expect(openRow).toBeVisible();
  await expect.poll(async () => availableUsdt(page)).toBeLessThan(10_000 - Number(price) * 0.01 + 1);
  const deep = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=400')).json()) as Book;
  expect(deep.data[0]!.bids.some((level) => Number(level[0]) === Number(price))).toBe(true);

  // Cancel releases the hold.
  await openRow.getByRole('button', { name: /^Cancel order/ }).click();
  await expect(openRow).toHaveCount(0);
  await expect.poll(async () => availableUsdt(page)).toBe(10_000);

  // A market buy fills against the book.
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expectNotice(page, /^Filled: bought 0\.00100 BTC at an average price of [\d,]+\.\d{2} USDT\. Fee: 0\.00000100 BTC\.$/);
  await orders.getByRole('tab', { name: 'Order History' }).click();
  await expect(orders.getByText('filled', { exact: true }).first()).toBeVisible();
  await expect(orders.getByText('canceled', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => availableUsdt(page)).toBeLessThan(10_000 - 50);

  const wallet = await request.get(`/api/v1/coin-balance/${user.uid}?symbol=BTC&apikey=nexa-web`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  // 0.001 BTC bought, less the 0.1% fee taken in the coin received.
  expect(Number(((await wallet.json()) as { spot_wallet: string }).spot_wallet)).toBeCloseTo(0.000999, 6);
});

test('a visitor sees LOGIN TO TRADE and the login texts', async ({ page }) => {
  await page.goto('/spot-trading');
  await expect(page.getByRole('link', { name: 'LOGIN TO TRADE' }).first()).toBeVisible();
  await expect(page.getByText('Please login to view your order history')).toBeVisible();
});

test('on a phone the Buy button opens the bottom sheet with the form', async ({ browser, request }) => {
  const user = await createUser(request, 'phone');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, user);
  await page.goto('/spot-trading');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Buy BTC' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('Amount')).toBeVisible();
  await context.close();
});

test('an English visitor sees the market header before any script, and the app starts from the coin list drawn into it', async ({ browser }) => {
  const still = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const drawn = await still.newPage();
  await drawn.goto('/spot-trading?coin_pair_id=2');
  await expect(drawn.getByRole('heading', { level: 1, name: 'ETH/USDT' })).toBeVisible();
  await expect(drawn.getByTestId('last-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2,8}$/);
  await still.close();

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const coinListCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/coins') coinListCalls.push(request.url());
  });
  await page.goto('/spot-trading?coin_pair_id=2');
  await expect(page.getByRole('region', { name: 'Trade' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'ETH/USDT' })).toBeVisible();
  expect(coinListCalls).toEqual([]);
  await context.close();
});
