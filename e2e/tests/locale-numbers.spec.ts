import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNotice, recordNotices } from './notices';
import { createUser, signIn, type TestUser } from './session';

/**
 * Issue 40 item 1: a number typed in the page's language is the number the server gets. In Spanish
 * "0,01" once became "001", a 100× order; every amount field now reads the language's decimal
 * separator and the dot, and writes back what it understood in the language's format.
 */

interface Book {
  data: { asks: string[][]; bids: string[][] }[];
}

interface Language {
  code: 'es' | 'en';
  /** What the trader types for 0.01 BTC. */
  amount: string;
  decimal: string;
  buy: string;
  buyBtc: string;
  price: string;
  amountLabel: string;
  placed: string;
}

const LANGUAGES: readonly Language[] = [
  {
    code: 'es',
    amount: '0,01',
    decimal: ',',
    buy: 'Comprar',
    buyBtc: 'Comprar BTC',
    price: 'Precio',
    amountLabel: 'Cantidad',
    placed: '¡Orden de compra colocada correctamente!',
  },
  { code: 'en', amount: '0.01', decimal: '.', buy: 'Buy', buyBtc: 'Buy BTC', price: 'Price', amountLabel: 'Amount', placed: 'Buy order placed successfully!' },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A signed-in page in the language, the way a returning trader who chose it opens the site. */
async function openAs(browser: Browser, user: TestUser, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, user);
  await recordNotices(page);
  await page.evaluate((code) => localStorage.setItem('language', code), language.code);
  return page;
}

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`${viewport.name}, ${language.code}: "${language.amount}" in the spot amount places a 0.01 BTC order`, async ({ browser, request }) => {
      const user = await createUser(request, `numbers-${language.code}`);
      const page = await openAs(browser, user, language, viewport);
      await page.goto('/spot-trading?coin_pair_id=1');
      await expect(page.locator('html')).toHaveAttribute('lang', language.code);
      if (viewport.name === 'phone') await page.getByRole('button', { name: language.buy, exact: true }).click();
      const form = page.getByRole(viewport.name === 'phone' ? 'dialog' : 'form', { name: language.buyBtc });

      // A limit 2 % under the best bid rests, so the order stays as it was sent.
      const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=5')).json()) as Book;
      const price = (Math.floor(Number(book.data[0]!.bids[0]![0]) * 0.98 * 100) / 100).toFixed(2);
      await form.getByLabel(language.price, { exact: true }).fill(price.replace('.', language.decimal));
      const amount = form.getByLabel(language.amountLabel, { exact: true });
      await amount.pressSequentially(language.amount);
      await expect(amount).toHaveValue(language.amount);
      await expect(form.getByRole('alert')).toHaveCount(0);
      // The slider follows 0.01 BTC of the 10,000 USDT, not a whole coin's 100 %.
      const share = Number(await form.getByRole('slider').inputValue());
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThan(50);

      const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders');
      await form.getByRole('button', { name: language.buyBtc }).click();
      const query = new URL((await sent).url()).searchParams;
      expect(query.get('amount')).toBe('0.01');
      expect(query.get('price')).toBe(price);
      await expectNotice(page, language.placed);

      const history = await request.get(`/api/v1/order-history/${user.uid}?apikey=nexa-web`, { headers: { Authorization: `Bearer ${user.token}` } });
      const orders = (await history.json()) as { amount: string; price: string; status: string }[];
      expect(orders).toHaveLength(1);
      expect(Number(orders[0]!.amount)).toBe(0.01);
      expect(Number(orders[0]!.price)).toBe(Number(price));
      await page.context().close();
    });
  }
}

test.describe('comma amounts on the other forms, in Spanish', () => {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.name}: convert and transfer read "12,5"`, async ({ browser, request }) => {
      const spanish = LANGUAGES[0]!;
      const user = await createUser(request, 'numbers-forms');
      const page = await openAs(browser, user, spanish, viewport);

      await page.goto('/conversion');
      const from = page.getByRole('textbox', { name: 'Desde' });
      await from.pressSequentially('12,5');
      await expect(from).toHaveValue('12,5');
      // The linked box shows the BTC it would buy, written with the Spanish decimal comma.
      await expect(page.getByRole('textbox', { name: 'Hacia' })).toHaveValue(/^0,\d+$/);
      await from.blur();
      await expect(from).toHaveValue('12,5');

      await page.goto('/transfer');
      await page.getByRole('combobox', { name: 'Desde' }).selectOption('spot');
      await page.getByRole('combobox', { name: 'Hacia' }).selectOption('futures');
      const amount = page.getByLabel('Cantidad', { exact: true });
      await amount.pressSequentially('12.5');
      // The dot is read too, and written back the Spanish way once the trader leaves the field.
      await amount.blur();
      await expect(amount).toHaveValue('12,5');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/transfers');
      await page.getByRole('button', { name: 'Transferir', exact: true }).click();
      expect(Number(((await sent).postDataJSON() as { amount: string | number }).amount)).toBe(12.5);
      await expect(page.getByText('¡Transferencia realizada!')).toBeVisible();
      await expect(page.getByTestId('futures-balance')).toContainText('12,5');

      // What cannot be read is refused with the reason, and nothing is kept of it.
      await amount.fill('1.000');
      await expect(page.getByRole('alert').filter({ hasText: '1.000' })).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await page.context().close();
    });
  }
});
