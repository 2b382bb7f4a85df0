import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, earnMessages, earnProductsResponse } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, signUpUser, startApp, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { accrualRows, balance, earnings, positions, redeem, subscribe, toNextDay } from './earn-helpers.js';

/** 100 USDT at the USDT flexible APR of 4.5 % for one day, rounded down to 8 decimals. */
const USDT_DAY = new Dec(100).mul('0.045').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);

describe('Earn products, subscriptions, accrual and redemptions', () => {
  const clock = manualClock();
  let t: TestApp;
  let u: SignedUpUser;
  let other: SignedUpUser;

  beforeAll(async () => {
    // Sessions outlive the simulated weeks of this file.
    t = await startApp(FEATURE_DB, { now: clock.now, jwtTtlSeconds: 90 * 86_400 });
    u = await signUpUser(t.app, 'earner');
    other = await signUpUser(t.app, 'other');
  });
  afterAll(async () => {
    await t?.close();
  });

  const products = async (query = '') => {
    const res = await t.app.inject({ url: `/api/v1/earn/products?apikey=${DEFAULT_API_KEY}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return earnProductsResponse.parse(res.json());
  };

  it('lists the products with the spec’s filter and a case-insensitive search on symbol or name', async () => {
    const all = await products();
    expect(all.length).toBeGreaterThan(10);
    expect(all.find((p) => p.id === 'USDT-FLEX')).toMatchObject({ symbol: 'USDT', name: 'Tether', term: 'flexible', term_days: null, apr: '0.045', min_amount: '1' });
    expect(new Set(all.filter((p) => p.term === 'fixed').map((p) => p.term_days))).toEqual(new Set([3, 7, 30]));
    for (const symbol of ['USDT', 'BTC', 'ETH']) {
      const listed = await products(`&filter=${symbol.toLowerCase()}`);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((p) => p.symbol === symbol)).toBe(true);
    }
    expect(await products('&filter=all')).toEqual(all);
    expect((await products('&search=BiTcOiN')).map((p) => p.symbol)).toEqual(['BTC', 'BTC']);
    expect((await products('&search=eth')).every((p) => /eth/i.test(p.symbol + p.name))).toBe(true);
    expect(await products('&search=nothing-like-this')).toEqual([]);
    const bad = await t.app.inject({ url: `/api/v1/earn/products?apikey=${DEFAULT_API_KEY}&filter=DOGE` });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('filter must be all, USDT, BTC or ETH');
  });

  it('refuses bad subscriptions in plain words and moves nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ product_id: 'NOPE-FLEX', amount: 10 }, 404, earnMessages.productNotFound],
      [{ product_id: 'USDT-FLEX', amount: '0.5' }, 400, earnMessages.belowMinimum('1', 'USDT')],
      [{ product_id: 'USDT-FLEX', amount: 'ten' }, 400, earnMessages.invalidAmount],
      [{ product_id: 'USDT-FLEX', amount: 20_000, source: 'spot' }, 400, earnMessages.insufficientBalance],
      [{ product_id: 'USDT-FLEX', amount: 10, source: 'funding' }, 400, earnMessages.insufficientBalance],
      [{ product_id: 'USDT-FLEX', amount: 10, source: 'futures' }, 400, 'source must be funding or spot'],
    ];
    for (const [body, status, message] of cases) {
      const res = await subscribe(t.app, u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    const below = await subscribe(t.app, u, { product_id: 'USDT-FLEX', amount: '0.5' });
    expect(below.json()).toMatchObject({ code: 'BELOW_MINIMUM', message_code: 'earn.belowMinimum', params: { min: '1', symbol: 'USDT' } });
    const intruder = await subscribe(t.app, other, { product_id: 'USDT-FLEX', amount: 10, source: 'spot', uid: u.uid });
    expect(intruder.statusCode).toBe(403);
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('10000');
    expect(await positions(t.app, u)).toEqual([]);
  });

  let flexibleId = '';

  it('subscribes 100 USDT from spot into custody, once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'earn-sub-1' };
    const first = await subscribe(t.app, u, { product_id: 'USDT-FLEX', amount: 100, source: 'spot' }, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await subscribe(t.app, u, { product_id: 'USDT-FLEX', amount: 100, source: 'spot' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const { position } = first.json() as { position: { id: string; principal: string; status: string; redeemable: boolean; accrues_from: string } };
    flexibleId = position.id;
    expect(position).toMatchObject({ principal: '100', status: 'active', redeemable: true });
    expect(new Date(position.accrues_from).getTime() % 86_400_000).toBe(0);
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('9900');
    expect(await balance(t.app, 'system:earn-custody', 'USDT', 'funding')).toBe('100');
    const spendable = await t.app.inject({ url: `/api/v1/earn/balance?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&symbol=usdt`, headers: bearer(u.token) });
    expect(spendable.json()).toEqual({ symbol: 'USDT', funding: '0', spot: '9900' });
    expect((await positions(t.app, u)).map((p) => p.id)).toEqual([flexibleId]);
    expect(await positions(t.app, other)).toEqual([]);
    const peek = await t.app.inject({ url: `/api/v1/earn/positions?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(other.token) });
    expect(peek.statusCode).toBe(403);
  });

  it('pays whole UTC days only, each exactly once, catching up on missed days', async () => {
    await t.app.services.earn.accrual.run();
    expect(await accrualRows(t.app, 'USDT-FLEX')).toEqual([]);
    // The day of the subscription is not a whole day held: nothing is due after its midnight.
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    expect(await accrualRows(t.app, 'USDT-FLEX')).toEqual([]);
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    await t.app.services.earn.accrual.run();
    const paid = await accrualRows(t.app, 'USDT-FLEX');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ total: USDT_DAY.toFixed(), apr: '0.045' });
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(USDT_DAY.toFixed());
    // Two days pass with no run at all: the next run pays both, and a second run pays nothing more.
    toNextDay(clock);
    toNextDay(clock, 5);
    await Promise.all([t.app.services.earn.accrual.run(), t.app.services.earn.accrual.run()]);
    await t.app.services.earn.accrual.run();
    expect((await accrualRows(t.app, 'USDT-FLEX')).map((r) => r.total)).toEqual([USDT_DAY, USDT_DAY, USDT_DAY].map((d) => d.toFixed()));
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(USDT_DAY.mul(3).toFixed());
    const mine = await earnings(t.app, u);
    expect(mine.totals).toEqual([{ symbol: 'USDT', principal: '100', interest: USDT_DAY.mul(3).toFixed() }]);
    expect(mine.payments).toHaveLength(3);
    expect(mine.payments.every((p) => p.apr === '0.045' && p.amount === USDT_DAY.toFixed())).toBe(true);
    expect((await positions(t.app, u))[0]?.interest).toBe(USDT_DAY.mul(3).toFixed());
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('redeems a flexible position at once, to the wallet it came from, and only once', async () => {
    const stranger = await redeem(t.app, other, flexibleId);
    expect(stranger.statusCode).toBe(404);
    const crossUid = await redeem(t.app, other, flexibleId, u.uid);
    expect(crossUid.statusCode).toBe(403);
    const [a, b] = await Promise.all([redeem(t.app, u, flexibleId), redeem(t.app, u, flexibleId)]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const done = (a?.statusCode === 200 ? a : b)?.json() as { position: { status: string; redeemed_at: string } };
    expect(done.position.status).toBe('redeemed');
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('10000');
    expect(await balance(t.app, 'system:earn-custody', 'USDT', 'funding')).toBe('0');
    // Redeemed during the day: that day is not paid.
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(USDT_DAY.mul(3).toFixed());
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('refuses to redeem a fixed position before maturity, then pays its term and redeems it', async () => {
    const res = await subscribe(t.app, u, { product_id: 'USDT-7D', amount: '50', source: 'spot' });
    expect(res.statusCode, res.body).toBe(201);
    const { position } = res.json() as { position: { id: string; matures_at: string; accrues_from: string; redeemable: boolean } };
    expect(position.redeemable).toBe(false);
    expect(new Date(position.matures_at).getTime() - new Date(position.accrues_from).getTime()).toBe(7 * 86_400_000);
    const early = await redeem(t.app, u, position.id);
    expect(early.statusCode).toBe(400);
    expect((early.json() as { message: string }).message).toBe(earnMessages.notMatured(position.matures_at));
    for (let day = 0; day < 7; day++) toNextDay(clock);
    const stillEarly = await redeem(t.app, u, position.id);
    expect(stillEarly.statusCode).toBe(400);
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    const fixedDay = new Dec(50).mul('0.06').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);
    const before = await balance(t.app, u.userId, 'USDT', 'funding');
    const late = await redeem(t.app, u, position.id);
    expect(late.statusCode, late.body).toBe(200);
    expect((late.json() as { position: { interest: string } }).position.interest).toBe(fixedDay.mul(7).toFixed());
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    // Matured: it earned its 7 days and nothing after.
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(before);
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('10000');
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('Auto-earn subscribes idle funding balances of the chosen assets once a day', async () => {
    const list = await t.app.inject({ url: `/api/v1/earn/auto-earn?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ symbol: 'USDT', enabled: false });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/earn/auto-earn',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, symbol: 'SHIB', enabled: true },
    });
    expect(refused.statusCode).toBe(400);
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: 1 },
    });
    expect(move.statusCode).toBe(201);
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/v1/earn/auto-earn',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, symbol: 'usdt', enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toContainEqual({ symbol: 'USDT', enabled: true });
    const idle = await balance(t.app, u.userId, 'USDT', 'funding');
    // The interest so far is below the flexible minimum (1 USDT): it stays idle.
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    expect((await positions(t.app, u)).filter((p) => p.auto)).toEqual([]);
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(idle);
    const { fundFunding } = await import('./earn-helpers.js');
    await fundFunding(t.app, u.userId, 'USDT', '25');
    await t.app.services.earn.accrual.run();
    expect((await positions(t.app, u)).filter((p) => p.auto)).toEqual([]);
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    const auto = (await positions(t.app, u)).filter((p) => p.auto);
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ product_id: 'USDT-FLEX', principal: new Dec(idle).plus(25).toFixed(), source: 'funding', redeemable: true });
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe('0');
    const back = await redeem(t.app, u, auto[0]?.id ?? '');
    expect(back.statusCode).toBe(200);
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(new Dec(idle).plus(25).toFixed());
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
