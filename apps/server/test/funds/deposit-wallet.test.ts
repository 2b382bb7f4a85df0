import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, depositHistoryResponse, depositWalletResponse, walletBalancesResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

async function wallet(app: App, userId: string, asset: string, kind: 'funding' | 'spot'): Promise<string> {
  const row = (await balancesOf(app.services.db, userId)).find((b) => b.asset === asset && b.wallet === kind);
  return new Dec(row?.available ?? '0').toFixed();
}

/** Where a user's deposits land (issue 40): Funding by default, Spot by their choice, through the ledger either way. */
describe.each<DbKind>([FEATURE_DB])('the deposit wallet choice on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
  });
  afterAll(() => closeChecked(t));

  const choose = (u: TestUser, wallet: unknown, uid: number = u.uid) =>
    t.app.inject({ method: 'POST', url: '/api/v1/deposit-wallet', headers: bearer(u.token), payload: { apikey: DEFAULT_API_KEY, uid, wallet } });
  const read = (u: TestUser, uid: number = u.uid) =>
    t.app.inject({ url: `/api/v1/deposit-wallet/${uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
  const deposit = async (u: TestUser, amount: string) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: trc20.id, symbol: 'USDT', amount },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const confirmAll = async () => {
    clock.advance((trc20.confirmations + 2) * 1000);
    await t.app.services.deposits.step();
  };

  it('credits Funding by default, and Spot once the user chooses it, a deposit already confirming included', async () => {
    const u = await newUser(t.app);
    expect(depositWalletResponse.parse((await read(u)).json())).toEqual({ wallet: 'funding' });
    await deposit(u, '100');
    await confirmAll();
    expect(await wallet(t.app, u.userId, 'USDT', 'funding')).toBe('100');

    await deposit(u, '40');
    clock.advance(1000);
    await t.app.services.deposits.step();
    const chosen = await choose(u, 'spot');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(depositWalletResponse.parse((await read(u)).json())).toEqual({ wallet: 'spot' });
    const spotBefore = await wallet(t.app, u.userId, 'USDT', 'spot');
    await confirmAll();
    expect(await wallet(t.app, u.userId, 'USDT', 'funding')).toBe('100');
    expect(await wallet(t.app, u.userId, 'USDT', 'spot')).toBe(new Dec(spotBefore).plus(40).toFixed());
    const history = depositHistoryResponse.parse(
      (await t.app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(u.token) })).json(),
    );
    expect(history.map((d) => d.status)).toEqual(['credited', 'credited']);

    expect((await choose(u, 'funding')).statusCode).toBe(200);
    await deposit(u, '5');
    await confirmAll();
    expect(await wallet(t.app, u.userId, 'USDT', 'funding')).toBe('105');
  });

  it('refuses a wallet deposits cannot go to, and another user’s choice', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    for (const bad of ['futures', 'earn', '', null, ['spot']]) {
      const res = await choose(u, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/^wallet /);
    }
    expect((await choose(u, 'spot', other.uid)).statusCode).toBe(403);
    expect((await read(u, other.uid)).statusCode).toBe(403);
    expect(depositWalletResponse.parse((await read(other)).json())).toEqual({ wallet: 'funding' });
    const anonymous = await t.app.inject({ url: `/api/v1/deposit-wallet/${u.uid}?apikey=${DEFAULT_API_KEY}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the balances of every wallet, the deposit in Funding among them', async () => {
    const u = await newUser(t.app);
    await deposit(u, '25');
    await confirmAll();
    const res = await t.app.inject({ url: `/api/v1/balances/${u.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = walletBalancesResponse.parse(res.json());
    const usdt = body.assets.find((a) => a.symbol === 'USDT');
    expect(usdt?.funding).toEqual({ available: '25', held: [], total: '25' });
    expect(new Dec(body.totals.total).toFixed()).toBe(new Dec(usdt?.total ?? 0).toFixed());
  });
});
