import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitWithdrawalResponse, withdrawMessages } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { createPostgresDatabase, testConfig } from '../helpers.js';
import { newUser } from '../trading/trading-helpers.js';
import { balanceOf, confirmWithdrawal, mailedWithdrawalCodes, submitUnconfirmed, TRON_DESTINATION, withdrawals } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

/**
 * Two server processes on one PostgreSQL database, each with its own ledger writer and cached
 * balances: only the database stands between 50 simultaneous withdrawals of the whole balance
 * and a double spend.
 */
describe('simultaneous withdrawals on postgres', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let apps: App[];
  beforeAll(async () => {
    database = await createPostgresDatabase('schema');
    const config = testConfig({ databaseUrl: database.url, withdrawals: { dailyLimitUsdt: '1000000', reviewThresholdUsdt: '1000000' } });
    apps = [await buildApp(config)];
    apps.push(await buildApp(config));
  });
  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await database?.drop();
  });

  it('confirms exactly one of 50 withdrawals of the whole balance, confirmed on two processes at once', async () => {
    const [first, second] = apps as [App, App];
    const u = await newUser(first);
    const query = { wallet_id: 0, initial_amount: '10000', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' };
    const submitted = await Promise.all(Array.from({ length: 50 }, (_, i) => submitUnconfirmed(i % 2 === 0 ? first : second, u, query)));
    expect(submitted.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    // Nothing is held before a withdrawal is confirmed.
    expect(await balanceOf(first, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
    const codes = await mailedWithdrawalCodes(first, u.email);
    const ids = submitted.map((r) => submitWithdrawalResponse.parse(r.json()).withdrawal.id);
    const results = await Promise.all(ids.map((id, i) => confirmWithdrawal(i % 2 === 0 ? second : first, u, id, undefined, codes.get(id))));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect((r.json() as { message: string }).message).toBe(withdrawMessages.insufficient);
    expect(await balanceOf(first, u.userId, 'USDT', 'spot')).toEqual({ available: '0', locked: '10000' });
    const rows = await withdrawals(first, u);
    expect(rows.filter((w) => w.status === 'prepared')).toHaveLength(1);
    // A refusal before the code was spent leaves the withdrawal waiting (it expires); one after cancels it. Neither holds.
    expect(rows.filter((w) => w.status !== 'prepared').every((w) => w.status === 'unconfirmed' || w.status === 'cancelled')).toBe(true);
    expect(await checkLedger(first.services.db)).toEqual([]);
  });
});
