import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestCode, newestMailTime } from './outbox';
import { createUser, placeLimitBuy, signIn, type TestUser } from './session';

/** A valid TRON address (base58check, version byte 0x41): the USDT contract's own. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const API_KEY = 'nexa-web';

const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

interface CoinTransactionRow {
  coin_id: number;
  symbol: string;
  networks: { id: number; code: string }[];
}

async function trc20Usdt(request: APIRequestContext, user: TestUser): Promise<{ coinId: number; networkId: number }> {
  const res = await request.get(`/api/v1/coin-transaction?apikey=${API_KEY}&uid=${user.uid}&transaction_type=withdrawal`, { headers: auth(user) });
  const usdt = ((await res.json()) as CoinTransactionRow[]).find((c) => c.symbol === 'USDT');
  const network = usdt?.networks.find((n) => n.code === 'TRC20');
  expect(usdt && network, 'USDT on TRC20').toBeTruthy();
  return { coinId: usdt!.coin_id, networkId: network!.id };
}

interface Part {
  available: string;
  total: string;
}
type Balances = { assets: { symbol: string; funding: Part; spot: Part; futures: Part }[] };

async function usdtBalances(request: APIRequestContext, user: TestUser) {
  const res = await request.get(`/api/v1/balances/${user.uid}?apikey=${API_KEY}`, { headers: auth(user) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Balances).assets.find((a) => a.symbol === 'USDT');
}

/** The chain simulator pays `amount` USDT to the user's TRC20 address; resolves once it is credited to Funding. */
async function depositByApi(request: APIRequestContext, user: TestUser, amount: string): Promise<void> {
  const { networkId } = await trc20Usdt(request, user);
  const before = Number((await usdtBalances(request, user))?.funding.total ?? 0);
  const sent = await request.post('/api/v1/simulated-chain/deposits', {
    headers: auth(user),
    data: { apikey: API_KEY, uid: user.uid, network_id: networkId, symbol: 'USDT', amount },
  });
  expect(sent.ok()).toBe(true);
  await expect.poll(async () => Number((await usdtBalances(request, user))?.funding.total ?? 0), { timeout: 90_000 }).toBe(before + Number(amount));
}

/** A withdrawal above the review threshold, confirmed with the mailed code: it waits for an operator, its amount held. */
async function heldWithdrawal(request: APIRequestContext, user: TestUser, amount: string): Promise<void> {
  const { coinId, networkId } = await trc20Usdt(request, user);
  const query = new URLSearchParams({ apikey: API_KEY, wallet_id: String(coinId), initial_amount: amount, network_id: String(networkId), address: TRON_ADDRESS, source: 'funding' });
  const before = await newestMailTime(request, user.email);
  const submitted = await request.post(`/api/v1/submit-withdrawal?${query.toString()}`, { headers: auth(user) });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  const { withdrawal } = (await submitted.json()) as { withdrawal: { id: string } };
  const code = await latestCode(request, user.email, before);
  const confirmed = await request.post(`/api/v1/withdrawals/${withdrawal.id}/confirm`, {
    headers: auth(user),
    data: { apikey: API_KEY, uid: user.uid, email_code: code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** A number as the page writes it in English or Español; a dash is nothing. */
function readNumber(text: string, lang: 'en' | 'es'): number {
  const digits = text.replace(/[^\d.,-]/g, '');
  if (digits === '' || digits === '-') return 0;
  return Number(lang === 'es' ? digits.replaceAll('.', '').replace(',', '.') : digits.replaceAll(',', ''));
}

/** Every number a cell shows, in order (a held cell shows one per what holds it). */
async function numbersIn(cell: Locator, lang: 'en' | 'es'): Promise<number[]> {
  const text = (await cell.textContent()) ?? '';
  const matches = text.match(/\d[\d.,]*/g) ?? [];
  return matches.map((m) => readNumber(m, lang));
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** The wallet summary of /assets: each row's available + held is its total, and the rows' totals are the account's. */
async function expectSummaryAddsUp(page: Page, lang: 'en' | 'es'): Promise<void> {
  const totals: number[] = [];
  for (const wallet of ['funding', 'spot', 'futures', 'earn']) {
    const row = page.getByTestId(`wallet-row-${wallet}`);
    const [available] = await numbersIn(row.locator('[data-part="available"]'), lang);
    const held = await numbersIn(row.locator('[data-part="held"]'), lang);
    const [total] = await numbersIn(row.locator('[data-part="total"]'), lang);
    // Each figure is rounded to the cent on its own.
    expect(Math.abs((available ?? 0) + sum(held) - (total ?? 0)), `${wallet}: available + held = total`).toBeLessThanOrEqual(0.01 * (held.length + 1));
    totals.push(total ?? 0);
  }
  const [accountTotal] = await numbersIn(page.getByTestId('wallet-row-total').locator('[data-part="total"]'), lang);
  expect(Math.abs(sum(totals) - (accountTotal ?? 0)), 'the rows add up to the total').toBeLessThanOrEqual(0.04);
  const [shown] = await numbersIn(page.getByTestId('account-total'), lang);
  expect(shown).toBeCloseTo(accountTotal ?? 0, 2);
}

test('a deposit lands in Funding, is moved to Spot and traded; the next one is credited straight to Spot by choice', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createUser(request, 'moves');
  // The demo grant goes to Futures, so the spot trade below can only be paid with the deposit.
  const away = await request.post('/api/v1/transfers', {
    headers: auth(user),
    data: { apikey: API_KEY, uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 10000 },
  });
  expect(away.status()).toBe(201);
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/deposit');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();
  await expect(page.getByTestId('deposit-account')).toHaveText('Funding');
  await expect(page.getByTestId('simulate-minimum')).toContainText('Minimum deposit');
  await page.getByRole('textbox', { name: 'Amount of USDT to simulate' }).fill('500');
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-status')).toHaveText('Credited', { timeout: 90_000 });
  await expect(page.getByTestId('deposit-funding-balance')).toHaveText('500 USDT');

  await page.getByRole('link', { name: 'move them from Funding to Spot' }).click();
  await expect(page).toHaveURL(/\/transfer\?from=funding&to=spot$/);
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('funding');
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('spot');
  await expect(page.getByTestId('funding-balance')).toContainText('500');
  await page.screenshot({ path: test.info().outputPath('transfer-funding-desktop.png'), fullPage: true });
  await page.getByRole('button', { name: 'Max' }).click();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Transfer successful!')).toBeVisible();
  await expect(page.getByTestId('funding-balance')).toContainText(/^0(\.0+)? USDT/);
  await expect(page.getByTestId('spot-balance')).toContainText('500');
  const history = page.locator('section', { has: page.locator('#transfer-history-title') });
  await expect(history.getByRole('row', { name: /500.*Funding.*Spot/ }).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('transfer-funding-phone.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A buy that crosses the book fills at once, paid from the USDT the deposit brought.
  expect(await placeLimitBuy(request, user, { symbol: 'BTC', amount: '0.001', priceFactor: 1.05 })).toBe('filled');
  const after = await usdtBalances(request, user);
  expect(Number(after?.spot.total)).toBeLessThan(500);
  await page.goto('/assets');
  // The fee is taken in BTC: 0.001 less 0.1 %.
  await expect(page.getByTestId('coin-row-BTC')).toContainText(/0\.000999|0\.001/);

  await page.goto('/deposit');
  await page.getByRole('button', { name: 'USDT', exact: true }).click();
  await page.getByRole('radio', { name: /^TRC20 / }).check();
  // The choice shows once the server has stored it, so the radio is clicked, not checked at once.
  const spotChoice = page.getByTestId('deposit-credit-wallet').getByRole('radio', { name: /^Spot/ });
  await spotChoice.click();
  await expect(spotChoice).toBeChecked();
  await expect(page.getByTestId('deposit-account')).toHaveText('Spot');
  await page.screenshot({ path: test.info().outputPath('deposit-credit-wallet-desktop.png'), fullPage: true });
  const spotBefore = Number(after?.spot.total);
  await page.getByRole('textbox', { name: 'Amount of USDT to simulate' }).fill('30');
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  await expect.poll(async () => Number((await usdtBalances(request, user))?.spot.total), { timeout: 90_000 }).toBeCloseTo(spotBefore + 30, 8);
  expect(Number((await usdtBalances(request, user))?.funding.total)).toBe(0);
});

for (const lang of ['en', 'es'] as const) {
  test(`/assets adds up while an order rests and a withdrawal is held (${lang}, desktop and phone)`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const user = await createUser(request, `held-${lang}`, { identity: true });
    await depositByApi(request, user, '12000');
    expect(await placeLimitBuy(request, user, { symbol: 'BTC', amount: '0.01', priceFactor: 0.5 })).not.toBe('filled');
    await heldWithdrawal(request, user, '11000');
    const usdt = await usdtBalances(request, user);
    expect(usdt?.funding).toMatchObject({ available: '1000', total: '12000' });

    await signIn(page, user);
    await page.evaluate((code) => localStorage.setItem('language', code), lang);
    for (const size of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/assets');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const funding = page.getByTestId('wallet-row-funding');
      await expect(funding.locator('[data-held="withdrawal"]')).toContainText(lang === 'es' ? 'Retiro' : 'Withdrawal');
      await expect(funding.locator('[data-held="withdrawal"]')).toContainText(lang === 'es' ? '11.000' : '11,000');
      await expect(page.getByTestId('wallet-row-spot').locator('[data-held="order"]')).toContainText(lang === 'es' ? 'En órdenes' : 'In orders');
      await expectSummaryAddsUp(page, lang);
      const usdtRow = page.getByTestId('coin-row-USDT');
      const cells = usdtRow.locator('td.num');
      const [available] = await numbersIn(cells.nth(0), lang);
      const held = await numbersIn(cells.nth(1), lang);
      const [total] = await numbersIn(cells.nth(2), lang);
      expect(Math.abs((available ?? 0) + sum(held) - (total ?? 0)), 'USDT: available + held = total').toBeLessThan(1e-6);
      await page.screenshot({ path: test.info().outputPath(`assets-held-${lang}-${size.name}.png`), fullPage: true });
    }
  });
}
