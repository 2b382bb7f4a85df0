import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFinanceResponse, AdminLedgerCheckResponse, AuditResponse } from '@exchange/contract';
import { SingleRun } from '../../src/modules/console/single-run.js';
import { FEATURE_DB, manualClock, signUpUser, startApp, type TestApp } from '../helpers.js';
import { fund, insideSpread, placeOrder } from '../trading/trading-helpers.js';
import { admin, makeOperator, type TestOperator } from './console-helpers.js';

describe('the console’s money dashboard and "Run ledger check"', () => {
  const clock = manualClock();
  let t: TestApp;
  let treasury: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    const [buyer, seller] = [await signUpUser(t.app, 'buyer'), await signUpUser(t.app, 'seller')];
    await fund(t.app, buyer.userId, 'USDT', '100000');
    await fund(t.app, seller.userId, 'BTC', '1');
    const price = insideSpread(t.app);
    expect((await placeOrder(t.app, seller, { order_type: 'sell', excecution_type: 'limit', price, amount: '0.01' })).statusCode).toBe(200);
    expect((await placeOrder(t.app, buyer, { order_type: 'buy', excecution_type: 'limit', price, amount: '0.01' })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the day’s spot trade with its volume and fees, the system accounts, and what users are owed', async () => {
    const res = await admin(t.app, treasury.token, 'GET', '/finance');
    expect(res.statusCode, res.body).toBe(200);
    const finance = res.json() as AdminFinanceResponse;
    const btc = finance.markets.find((m) => m.product === 'spot' && m.market === 'BTC-USDT');
    expect(btc?.trades).toBeGreaterThanOrEqual(1);
    expect(Number(btc?.volume)).toBeGreaterThan(0);
    expect(finance.owed.find((o) => o.asset === 'USDT')).toBeDefined();
    expect(finance.last_check).toBeNull();
  });

  it('refuses the dashboard and the check to support (403), without an audit row', async () => {
    expect((await admin(t.app, support.token, 'GET', '/finance')).statusCode).toBe(403);
    expect((await admin(t.app, support.token, 'POST', '/ledger-check')).statusCode).toBe(403);
  });

  it('runs the ledger check on demand, audits it and shows it as the last check', async () => {
    const res = await admin(t.app, treasury.token, 'POST', '/ledger-check');
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json() as AdminLedgerCheckResponse;
    expect(result).toMatchObject({ ok: true, breach_count: 0, breaches: [], operator: treasury.email });
    expect(result.report.some((line) => line.startsWith('system:fees'))).toBe(true);
    const chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    const audit = (await admin(t.app, chief.token, 'GET', '/audit?action=ledger.check')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({ operator: treasury.email, role: 'treasury', target: 'ledger', after: { ok: true, breach_count: 0 } });
    const finance = (await admin(t.app, treasury.token, 'GET', '/finance')).json() as AdminFinanceResponse;
    expect(finance.last_check).toMatchObject({ ok: true, operator: treasury.email, at: result.at });
  });
});

describe('one run at a time', () => {
  it('refuses a second run while the first one is running, and runs again once it ended', async () => {
    const gate = new SingleRun();
    let release: () => void = () => undefined;
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(await gate.run(async () => 'second')).toBeNull();
    release();
    expect(await first).toBe('first');
    expect(await gate.run(async () => 'third')).toBe('third');
  });
});
