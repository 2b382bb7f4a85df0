import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createUser, signIn } from './session';
import { expectNotice, recordNotices } from './notices';

interface Book {
  data: { asks: string[][]; bids: string[][] }[];
}

async function bookTop(request: APIRequestContext): Promise<{ bid: number; ask: number }> {
  const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=1')).json()) as Book;
  return { bid: Number(book.data[0]!.bids[0]![0]), ask: Number(book.data[0]!.asks[0]![0]) };
}

const number = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The first body row of a table as column name → cell text. */
async function firstRow(table: Locator): Promise<Record<string, string>> {
  const headers = await table.locator('thead th').allInnerTexts();
  const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
  return Object.fromEntries(headers.map((header, i) => [header.trim(), (cells[i] ?? '').trim()]));
}

async function priceField(page: Page): Promise<number> {
  return number(await page.getByRole('form', { name: /^(Buy|Sell) BTC$/ }).getByLabel('Price').inputValue());
}

test('a limit buy far above the ask shows in the history at its average fill price, with total paid and fee; all of the coin bought can be sold', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'figures');
  await signIn(page, user);
  await recordNotices(page);
  await page.goto('/spot-trading?coin_pair_id=1');
  const form = page.getByRole('form', { name: 'Buy BTC' });
  await expect(form.getByTestId('available-balance')).toContainText('10,000');

  // The case: 0.0012 BTC with a limit 6 % above the ask fills at the book's asks, far below the limit.
  const limit = (Math.round((await bookTop(request)).ask * 1.06 * 100) / 100).toFixed(2);
  await form.getByLabel('Price').fill(limit);
  await form.getByLabel('Amount').fill('0.0012');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  // It crosses the book at once, so the notice says what filled (issue 40), not only that it was placed.
  await expectNotice(page, /^Filled: bought 0\.00120 BTC at an average price of [\d,]+\.\d{2} USDT\. Fee: /);

  const orders = page.getByRole('region', { name: 'Orders' });
  await orders.getByRole('tab', { name: 'Order History' }).click();
  const table = orders.getByRole('table');
  await expect(table.locator('tbody tr').first()).toContainText('filled');
  const row = await firstRow(table);
  const history = await request.get(`/api/v1/order-history/${user.uid}?apikey=nexa-web`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const [order] = (await history.json()) as { average_price: string; total: string; fee: string }[];
  expect(number(row['Price']!)).toBe(Number(limit));
  expect(row['Filled']).toBe('0.00120');
  expect(number(row['Avg. price']!)).toBeCloseTo(Number(order!.average_price), 2);
  expect(number(row['Avg. price']!)).toBeLessThan(Number(limit));
  expect(row['Total']).toBe(`${Number(order!.total).toFixed(5)} USDT`);
  expect(number(row['Total']!)).toBeLessThan(Number(limit) * 0.0012);
  expect(row['Fee']).toBe('0.0000012 BTC');

  // 0.0012 less the 0.1 % fee is 0.0011988 BTC: the form offers 0.00119, and selling all of it succeeds.
  await form.getByRole('button', { name: 'Sell', exact: true }).click();
  const sell = page.getByRole('form', { name: 'Sell BTC' });
  await expect(sell.getByTestId('available-balance')).toHaveText('0.00119 BTC');
  await sell.getByRole('tab', { name: 'Market', exact: true }).click();
  await sell.getByRole('button', { name: '100%' }).click();
  await expect(sell.getByLabel('Amount')).toHaveValue('0.00119');
  await sell.getByRole('button', { name: 'Sell BTC' }).click();
  await expectNotice(page, /^Filled: sold 0\.00119 BTC at an average price of [\d,]+\.\d{2} USDT\. Fee: /);
  await expect(sell.getByTestId('available-balance')).toHaveText('0.00000 BTC');
});

test('the limit price starts at the live book, not at a stale cached coin price', async ({ page, request }) => {
  const user = await createUser(request, 'price');
  await signIn(page, user);
  // A coin cache still inside its five minutes, but with a price far from the market.
  await page.evaluate(() => {
    const btc = { id: 1, coin_pair: 1, coin_id: 1, symbol: 'BTC', name: 'Bitcoin', price: 50_000, tick_size: '0.01', lot_size: '0.00001' };
    localStorage.setItem('coinCache', JSON.stringify({ version: '2.0', timestamp: Date.now(), data: [btc] }));
  });
  await page.goto('/spot-trading?coin_pair_id=1');

  await expect.poll(async () => Math.abs((await priceField(page)) / (await bookTop(request)).ask - 1)).toBeLessThan(0.005);
  await page.getByRole('form', { name: 'Buy BTC' }).getByRole('button', { name: 'Sell', exact: true }).click();
  await expect.poll(async () => Math.abs((await priceField(page)) / (await bookTop(request)).bid - 1)).toBeLessThan(0.005);
});
