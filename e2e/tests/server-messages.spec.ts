import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, signIn, type TestUser } from './session';

/**
 * Issue 40 items 7 and 8: the withdraw form checks an address by the network's rules as it is
 * typed (the contract's, which the server applies too), and a server refusal with values reaches
 * a Spanish reader in Spanish, translated from its message code.
 */

/** A TRON account of the BIP-39 test mnemonic, and an Ethereum one, which TRON refuses. */
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETHEREUM_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

interface Book {
  data: { asks: string[][]; bids: string[][] }[];
}

const LANGUAGES = [
  { code: 'en', invalid: 'This is not a valid TRON (TRC20) address', address: 'Address', amount: 'Amount', withdraw: 'Withdraw', spot: /Spot \(Trading\)/ },
  { code: 'es', invalid: 'Esta no es una dirección TRON (TRC20) válida', address: 'Dirección', amount: 'Cantidad', withdraw: 'Retirar', spot: /Spot \(Trading\)/ },
] as const;

async function openAs(browser: Browser, user: TestUser, language: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, user);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  return page;
}

for (const language of LANGUAGES) {
  test(`${language.code}: the withdraw form refuses an Ethereum address on TRC20 as it is typed, then takes a TRON one`, async ({ browser, request }) => {
    const user = await createUser(request, `withdraw-address-${language.code}`, { identity: true });
    const page = await openAs(browser, user, language.code);
    await page.goto('/withdraw');
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    await page.getByRole('button', { name: 'USDT', exact: true }).click();
    await page.getByRole('radio', { name: /^TRC20 / }).check();
    const address = page.getByRole('textbox', { name: language.address, exact: true });
    const error = page.getByTestId('withdraw-address-error');

    // No blur: the check runs once typing pauses.
    await address.pressSequentially(ETHEREUM_ADDRESS);
    await expect(error).toHaveText(language.invalid);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('radio', { name: language.spot }).check();
    await page.getByRole('textbox', { name: language.amount, exact: true }).fill('5');
    const withdraw = page.getByRole('button', { name: language.withdraw, exact: true });
    await expect(withdraw).toBeDisabled();

    await address.fill('');
    await address.pressSequentially(TRON_ADDRESS);
    await expect(error).toHaveCount(0);
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
    await expect(withdraw).toBeEnabled();
    await page.context().close();
  });
}

test('es: a spot order off the price tick is refused by the server, and the refusal reads in Spanish', async ({ browser, request }) => {
  const user = await createUser(request, 'server-message-es');
  const page = await openAs(browser, user, 'es');
  await page.goto('/spot-trading?coin_pair_id=1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const form = page.getByRole('form', { name: 'Comprar BTC' });

  // 2 % under the best bid, with a third decimal: BTC's tick is 0.01, which only the server checks.
  const book = (await (await request.get('/api/v5/market/books?instId=BTC-USDT&sz=5')).json()) as Book;
  const price = `${(Math.floor(Number(book.data[0]!.bids[0]![0]) * 0.98 * 100) / 100).toFixed(2)}5`;
  await form.getByLabel('Precio', { exact: true }).fill(price.replace('.', ','));
  await form.getByLabel('Cantidad', { exact: true }).pressSequentially('0,01');

  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders');
  await form.getByRole('button', { name: 'Comprar BTC' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(400);
  // The API keeps its English words and adds the code and values the page translates.
  expect(await refused.json()).toMatchObject({ message: 'Price must be a multiple of 0.01', message_code: 'order.priceTick', params: { tick: '0.01' } });
  await expect(page.getByText('El precio debe ser múltiplo de 0,01')).toBeVisible();
  await expect(page.getByText('Price must be a multiple of 0.01')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('spot-refusal-es.png') });
  await page.context().close();
});
