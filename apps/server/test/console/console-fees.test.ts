import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, operatorFeeMessages as messages, type AdminFeeChangeResponse, type AdminFeesResponse, type AuditResponse, type FeeTierResponse } from '@exchange/contract';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { fund, placeOrder } from '../trading/trading-helpers.js';
import { contract, futuresWallet, openOk, toFutures } from '../futures/futures-helpers.js';
import { FeeSchedule } from '../../src/modules/fee-tier/index.js';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { auditRows, admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('maker and taker fees per fee tier on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let chief: TestOperator;
  let support: TestOperator;
  let maker: SignedUpUser;
  let taker: SignedUpUser;

  const auditCount = () => auditRows(t.app);
  const change = (op: TestOperator, tier: string, body: Record<string, unknown>) =>
    admin(t.app, op.token, 'PUT', `/fees/${tier}`, { reason: 'fee review', totp_code: nextCode(clock, op), ...body });
  const fills = async (userId: string) =>
    (await t.app.services.db.query<{ role: string; fee: string }>('SELECT role, fee::text AS fee FROM spot_fills WHERE user_id = $1 ORDER BY trade_id', [userId])).rows;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    maker = await signUpUser(t.app, 'maker', { identity: true });
    taker = await signUpUser(t.app, 'taker', { identity: true });
    await fund(t.app, maker.userId, 'BTC', '1');
    await fund(t.app, taker.userId, 'USDT', '100000');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the fee table and refuses a change out of bounds, without the right or without a good code, writing no audit row', async () => {
    const table = (await admin(t.app, chief.token, 'GET', '/fees')).json() as AdminFeesResponse;
    expect(table.items).toEqual([
      { tier: 'level_1', maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005', updated_at: null, updated_by: null },
      { tier: 'premium', maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005', updated_at: null, updated_by: null },
    ]);
    const before = await auditCount();
    for (const [body, message] of [
      [{ maker_rate: '0.02', taker_rate: '0.001' }, messages.makerRate],
      [{ maker_rate: '-0.0001', taker_rate: '0.001' }, messages.makerRate],
      [{ maker_rate: '0.001', taker_rate: '0.0000001' }, messages.takerRate],
      [{ maker_rate: '0.001', taker_rate: 'abc' }, messages.takerRate],
      [{ maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.011' }, messages.futuresMakerRate],
      [{ maker_rate: '0.001', taker_rate: '0.001', futures_taker_rate: '-0.0005' }, messages.futuresTakerRate],
      [{ maker_rate: '0.001', taker_rate: '0.001', futures_taker_rate: '0.00000001' }, messages.futuresTakerRate],
    ] as const) {
      const res = await change(chief, 'level_1', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    expect((await change(chief, 'level_1', { maker_rate: '0.001', taker_rate: '0.001' })).statusCode).toBe(409);
    expect((await change(chief, 'level_1', { maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005' })).statusCode).toBe(409);
    expect((await change(chief, 'gold', { maker_rate: '0.001', taker_rate: '0.002' })).statusCode).toBe(400);
    expect((await change(support, 'level_1', { maker_rate: '0.001', taker_rate: '0.002' })).statusCode).toBe(403);
    const wrongCode = await admin(t.app, chief.token, 'PUT', '/fees/level_1', { maker_rate: '0.001', taker_rate: '0.002', reason: 'x', totp_code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('charges the new maker and taker rates from the next order, audits before and after, and shows them on the user’s fee page', async () => {
    const res = await change(chief, 'level_1', { maker_rate: '0.0002', taker_rate: '0.002', reason: 'maker programme' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminFeeChangeResponse).fee).toMatchObject({ tier: 'level_1', maker_rate: '0.0002', taker_rate: '0.002', updated_by: chief.email });
    const audit = ((await admin(t.app, chief.token, 'GET', '/audit?target=fees:level_1')).json() as AuditResponse).items;
    expect(audit[0]).toMatchObject({
      action: 'fees.change',
      reason: 'maker programme',
      before: { maker_rate: '0.001', taker_rate: '0.001' },
      after: { maker_rate: '0.0002', taker_rate: '0.002' },
    });

    // The maker's sell rests inside the spread; the taker's buy takes it.
    const book = (await t.app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT&sz=1' })).json() as { data: { asks: string[][] }[] };
    const price = (Number(book.data[0]?.asks[0]?.[0]) - 0.01).toFixed(2);
    const sell = await placeOrder(t.app, maker, { order_type: 'sell', excecution_type: 'limit', price, amount: '0.01' });
    expect(sell.statusCode, sell.body).toBe(200);
    const buy = await placeOrder(t.app, taker, { order_type: 'buy', excecution_type: 'limit', price, amount: '0.01' });
    expect(buy.statusCode, buy.body).toBe(200);
    // The maker gets USDT less 0.02 %, the taker BTC less 0.2 %.
    const made = await fills(maker.userId);
    expect(made.map((f) => f.role)).toEqual(['maker']);
    expect(Number(made[0]?.fee)).toBeCloseTo(Number(price) * 0.01 * 0.0002, 8);
    expect((await fills(taker.userId)).map((f) => [f.role, Number(f.fee)])).toEqual([['taker', 0.00002]]);

    const page = await t.app.inject({ url: `/api/v1/fee-tier?apikey=${DEFAULT_API_KEY}&uid=${taker.uid}`, headers: bearer(taker.token) });
    expect(page.json() as FeeTierResponse).toMatchObject({ tier: 'level_1', spot_maker_rate: '0.0002', spot_taker_rate: '0.002', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005' });
  });

  it('charges a futures maker fill and a taker fill the tier’s futures rates exactly, the spot rates left as they were', async () => {
    const res = await change(chief, 'level_1', { maker_rate: '0.0002', taker_rate: '0.002', futures_maker_rate: '0.0001', futures_taker_rate: '0.0008', reason: 'futures makers' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminFeeChangeResponse).fee).toMatchObject({ maker_rate: '0.0002', taker_rate: '0.002', futures_maker_rate: '0.0001', futures_taker_rate: '0.0008' });
    const audit = ((await admin(t.app, chief.token, 'GET', '/audit?target=fees:level_1')).json() as AuditResponse).items;
    expect(audit[0]).toMatchObject({ before: { futures_maker_rate: '0.0005', futures_taker_rate: '0.0005' }, after: { futures_maker_rate: '0.0001', futures_taker_rate: '0.0008' } });

    for (const u of [maker, taker]) await toFutures(t.app, u, '5000');
    // The maker's short rests inside the spread, one tick under the ask; the taker's long at that price takes it.
    const tick = Number((await contract(t.app)).tick_size);
    const book = (await t.app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT-SWAP&sz=1' })).json() as { data: { asks: string[][] }[] };
    const price = Math.round(Number(book.data[0]?.asks[0]?.[0]) / tick - 1) * tick;
    const entry = price.toFixed(1);
    const rested = await openOk(t.app, maker, { side: 'short', amount: '0.01', leverage: 10, order_type: 'limit', entry_price: entry });
    expect(rested.status).toBe('pending');
    // Its hold reserves the highest of the tier's two futures rates: margin 10 % of the notional plus 0.08 %.
    const notional = new Dec(entry).mul('0.01');
    expect((await futuresWallet(t.app, maker.userId)).locked.toFixed()).toBe(notional.mul('0.1008').toFixed());
    const took = await openOk(t.app, taker, { side: 'long', amount: '0.01', leverage: 10, order_type: 'limit', entry_price: entry });
    expect(took.filled_amount).toBe('0.01');
    const futuresFees = async (userId: string) =>
      (await t.app.services.db.query<{ fee: string }>('SELECT fee::text AS fee FROM futures_fills WHERE user_id = $1 ORDER BY id', [userId])).rows.map((r) => new Dec(r.fee).toFixed());
    expect(await futuresFees(maker.userId)).toEqual([notional.mul('0.0001').toFixed()]);
    expect(await futuresFees(taker.userId)).toEqual([notional.mul('0.0008').toFixed()]);
    // What the maker's order did not use of its fee reserve went back: only the position's margin stays locked.
    expect((await futuresWallet(t.app, maker.userId)).locked.toFixed()).toBe(notional.mul('0.1').toFixed());
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('is read by another process from the database', async () => {
    const other = new FeeSchedule(t.app.services.db, () => Promise.resolve('level_1'), () => clock.now().getTime());
    await other.refresh();
    expect(other.ratesOf('level_1').maker.toFixed()).toBe('0.0002');
    expect(other.ratesOf('premium').taker.toFixed()).toBe('0.001');
    expect(other.ratesOf('level_1').futuresMaker.toFixed()).toBe('0.0001');
    expect(other.ratesOf('level_1').futuresTaker.toFixed()).toBe('0.0008');
    expect(other.futuresRate(taker.userId, 'taker').toFixed()).toBe('0.0008');
  });
});
