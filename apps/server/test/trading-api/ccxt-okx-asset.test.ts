import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DB, manualClock, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { TRON_DESTINATION } from '../funds/withdraw-helpers.js';
import { closeChecked, fund, newUser, type TestUser } from '../trading/trading-helpers.js';
import { saveAddress, simulateDeposit, TRC20, TRC20_USDT_FEE } from './asset-helpers.js';
import { listenLocally, okxClient } from './ccxt-helpers.js';

const FEE = Number(TRC20_USDT_FEE);

/**
 * The real ccxt 4.5.84 `okx` class with a key that may read, trade and withdraw: markets and
 * currencies loaded with the key (ccxt then calls asset/currencies), transfers, deposits,
 * withdrawals and the ledger, against the running server with only its URLs changed.
 */
describe('ccxt okx moves funds with a signed key', () => {
  const clock = manualClock();
  let t: TestApp;
  let user: TestUser;
  let bot: Exchange;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    const base = await listenLocally(t);
    user = await newUser(t.app);
    await fund(t.app, user.userId, 'USDT', '1000');
    const key = await createKey(t.app, user, { label: 'funds-bot', permissions: ['read', 'trade', 'withdraw'], ip_allowlist: ['127.0.0.1'] });
    bot = okxClient(base, key);
    // ccxt signs with its own clock: this server's is the test's.
    bot.milliseconds = () => clock.now().getTime();
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  it('loads the markets with the key, the currencies from asset/currencies', async () => {
    const markets = await bot.loadMarkets();
    expect(markets['BTC/USDT']).toMatchObject({ id: 'BTC-USDT', spot: true });
    const usdt = bot.currencies['USDT'];
    expect(usdt?.networks['TRC20']).toMatchObject({ id: 'USDT-TRC20', deposit: true, withdraw: true, fee: FEE });
    expect(usdt?.networks['TRC20']?.limits.withdraw.min).toBeGreaterThan(0);
    const currencies = await bot.fetchCurrencies();
    expect(Object.keys(currencies ?? {})).toEqual(expect.arrayContaining(['USDT', 'BTC', 'ETH']));
    expect(currencies?.['BTC']?.networks['BTC']).toMatchObject({ id: 'BTC-Bitcoin' });
  });

  it('transfers from the trading account to the funding account and reads the transfer back', async () => {
    const moved = await bot.transfer('USDT', 300, 'trading', 'funding');
    expect(moved).toMatchObject({ currency: 'USDT', amount: 300, fromAccount: 'trading', toAccount: 'funding' });
    const read = await bot.fetchTransfer(String(moved.id));
    expect(read).toMatchObject({ id: moved.id, amount: 300, status: 'ok', fromAccount: 'trading', toAccount: 'funding' });
    const funding = await bot.fetchBalance({ type: 'funding' });
    expect(funding['USDT']).toMatchObject({ free: 300, used: 0, total: 300 });
  });

  it('gives the deposit address and lists the deposit to it once credited', async () => {
    const address = await bot.fetchDepositAddress('USDT', { network: 'TRC20' });
    expect(address).toMatchObject({ currency: 'USDT', network: 'TRC20' });
    expect(address.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await simulateDeposit(t.app, user, '50');
    clock.advance((TRC20.confirmations + 2) * 1000);
    await t.app.services.deposits.step();
    const deposits = await bot.fetchDeposits('USDT');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ type: 'deposit', currency: 'USDT', amount: 50, status: 'ok', network: 'TRC20', address: address.address });
    expect((await bot.fetchBalance({ type: 'funding' }))['USDT']?.free).toBe(350);
  });

  it('withdraws only to an address of the book, lists the withdrawal and cancels it', async () => {
    await expect(bot.withdraw('USDT', 20, TRON_DESTINATION, undefined, { network: 'TRC20' })).rejects.toThrow(ccxt.InvalidAddress);
    await saveAddress(t.app, user, TRON_DESTINATION);
    const sent = await bot.withdraw('USDT', 20, TRON_DESTINATION, undefined, { network: 'TRC20' });
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    // OKX's amount leaves the fee out: both are held from the funding account.
    expect((await bot.fetchBalance({ type: 'funding' }))['USDT']).toMatchObject({ free: 350 - 20 - FEE, used: 20 + FEE });

    const [listed] = await bot.fetchWithdrawals('USDT');
    expect(listed).toMatchObject({ id: sent.id, type: 'withdrawal', amount: 20, status: 'pending', network: 'TRC20', address: TRON_DESTINATION });
    expect(listed?.fee?.cost).toBe(FEE);

    await bot.privatePostAssetCancelWithdrawal({ wdId: sent.id });
    expect((await bot.fetchWithdrawals('USDT'))[0]).toMatchObject({ id: sent.id, status: 'canceled' });
    expect((await bot.fetchBalance({ type: 'funding' }))['USDT']).toMatchObject({ free: 350, used: 0 });
  });

  it('lists the ledger of the trading account and of the funding account', async () => {
    // ccxt asks for instType SPOT: the spot trades' bills only, as OKX filters them (a transfer has no instType).
    const spot = await bot.fetchLedger('USDT');
    expect(spot.filter((e) => e.type === 'transfer')).toEqual([]);
    // Without instType every bill is there: ccxt's ledger parse of the raw call.
    const raw = (await bot.privateGetAccountBills({ ccy: 'USDT' })) as { data: Record<string, unknown>[] };
    const trading = bot.parseLedger(raw.data, bot.currency('USDT'));
    const out = trading.find((e) => e.type === 'transfer' && Math.abs(e.amount ?? 0) === 300);
    // The sign-up grant (10,000) and the top-up (1,000) less the transfer: the newest bill's balance.
    expect(out).toMatchObject({ currency: 'USDT', direction: 'out', after: 10_700 });
    expect(trading.at(-1)).toEqual(out);

    // ccxt sorts oldest first: the transfer in, then the deposit.
    const funding = await bot.fetchLedger('USDT', undefined, undefined, { method: 'privateGetAssetBills' });
    expect(funding.map((e) => [e.amount, e.after])).toEqual([
      [300, 300],
      [50, 350],
    ]);
  });
});
