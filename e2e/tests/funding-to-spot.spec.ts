import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, signIn, type TestUser } from './session';

/**
 * Issue 40 item 2, in both languages and on both screens: a deposit lands in Funding, the trader
 * moves it to Spot on the transfer page and buys with it on the spot page. wallet-moves.spec.ts
 * walks the deposit page's side of it (the simulator, the credit-wallet choice) on a desktop.
 */

const API_KEY = 'nexa-web';
/** TRC20's network id (apps/server/src/modules/funds/networks.ts): 19 confirmations, seconds on the e2e chain. */
const TRC20 = 2;

const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

const LANGUAGES = {
  en: { from: 'From', to: 'To', max: 'Max', transfer: 'Transfer', done: 'Transfer successful!', buy: 'Buy', buyBtc: 'Buy BTC', price: 'Price', amount: 'Amount', decimal: '.' },
  es: { from: 'Desde', to: 'Hacia', max: 'Máx.', transfer: 'Transferir', done: '¡Transferencia realizada!', buy: 'Comprar', buyBtc: 'Comprar BTC', price: 'Precio', amount: 'Cantidad', decimal: ',' },
} as const;

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

interface Part {
  total: string;
}
type Balances = { assets: { symbol: string; funding: Part; spot: Part }[] };

async function balance(request: APIRequestContext, user: TestUser, symbol: string) {
  const res = await request.get(`/api/v1/balances/${user.uid}?apikey=${API_KEY}`, { headers: auth(user) });
  expect(res.ok()).toBe(true);
  const asset = ((await res.json()) as Balances).assets.find((a) => a.symbol === symbol);
  return { funding: Number(asset?.funding.total ?? 0), spot: Number(asset?.spot.total ?? 0) };
}

interface Book {
  data: { asks: string[][] }[];
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`${device}, ${language}: a deposit moved from Funding to Spot is traded`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      const user = await createUser(request, `to-spot-${language}-${device}`);
      // The demo grant goes to Futures, so the buy below can only be paid with the deposit.
      const away = await request.post('/api/v1/transfers', {
        headers: auth(user),
        data: { apikey: API_KEY, uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 10000 },
      });
      expect(away.status()).toBe(201);
      expect((await request.get(`/api/v1/deposit-address?apikey=${API_KEY}&uid=${user.uid}&network_id=${TRC20}`, { headers: auth(user) })).ok()).toBe(true);
      const sent = await request.post('/api/v1/simulated-chain/deposits', {
        headers: auth(user),
        data: { apikey: API_KEY, uid: user.uid, network_id: TRC20, symbol: 'USDT', amount: '500' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      await expect.poll(async () => (await balance(request, user, 'USDT')).funding, { timeout: 90_000 }).toBe(500);
      expect((await balance(request, user, 'USDT')).spot).toBe(0);

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, user);
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.goto('/transfer?from=funding&to=spot');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('combobox', { name: words.from })).toHaveValue('funding');
      await expect(page.getByRole('combobox', { name: words.to })).toHaveValue('spot');
      await expect(page.getByTestId('funding-balance')).toContainText('500');
      await page.getByRole('button', { name: words.max }).click();
      await page.getByRole('button', { name: words.transfer, exact: true }).click();
      await expect(page.getByText(words.done)).toBeVisible();
      await expect(page.getByTestId('spot-balance')).toContainText('500');
      await page.screenshot({ path: test.info().outputPath(`transfer-${language}-${device}.png`), fullPage: true });
      expect(await balance(request, user, 'USDT')).toEqual({ funding: 0, spot: 500 });

      // A limit 2 % over the best ask crosses the book and fills at once, paid from the deposit.
      await page.goto('/spot-trading?coin_pair_id=1');
      if (device === 'phone') await page.getByRole('button', { name: words.buy, exact: true }).click();
      const form = page.getByRole(device === 'phone' ? 'dialog' : 'form', { name: words.buyBtc });
      const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=5')).json()) as Book;
      const price = (Math.ceil(Number(book.data[0]!.asks[0]![0]) * 1.02 * 100) / 100).toFixed(2);
      await form.getByLabel(words.price, { exact: true }).fill(price.replace('.', words.decimal));
      await form.getByLabel(words.amount, { exact: true }).pressSequentially(`0${words.decimal}001`);
      const placed = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders');
      await form.getByRole('button', { name: words.buyBtc }).click();
      const order = (await (await placed).json()) as { status: string };
      expect(order.status).toBe('filled');
      const usdt = await balance(request, user, 'USDT');
      expect(usdt.spot).toBeGreaterThan(0);
      expect(usdt.spot).toBeLessThan(500);
      // The fee is taken in BTC: 0.001 less 0.1 %.
      expect((await balance(request, user, 'BTC')).spot).toBeCloseTo(0.000999, 9);
      await context.close();
    });
  }
}
