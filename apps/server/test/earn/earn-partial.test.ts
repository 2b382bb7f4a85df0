import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnMessages } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { balance, earnings, positions, redeem, subscribe, toNextDay } from './earn-helpers.js';

const daily = (principal: string) => new Dec(principal).mul('0.045').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);

/** Issue 40: a flexible position redeemed in parts, the rest earning under the same position. */
describe.each<DbKind>([FEATURE_DB])('partial Earn redemptions on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let u: SignedUpUser;
  let positionId: string;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now, jwtTtlSeconds: 90 * 86_400 });
    u = await signUpUser(t.app, 'partial');
    const res = await subscribe(t.app, u, { product_id: 'USDT-FLEX', amount: '100', source: 'spot' });
    expect(res.statusCode, res.body).toBe(201);
    positionId = (res.json() as { position: { id: string } }).position.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an amount it cannot read or that exceeds the position, and moves nothing', async () => {
    for (const amount of ['abc', '-1', '0', '1e400']) {
      const res = await redeem(t.app, u, positionId, u.uid, amount);
      expect(res.statusCode, amount).toBe(400);
      expect((res.json() as { message: string }).message).toBe(earnMessages.invalidAmount);
    }
    const over = await redeem(t.app, u, positionId, u.uid, '100.000000000000000001');
    expect(over.statusCode).toBe(400);
    expect((over.json() as { message: string }).message).toBe(earnMessages.redeemOverPrincipal);
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('9900');
    expect((await positions(t.app, u))[0]).toMatchObject({ principal: '100', status: 'active' });
  });

  it('moves a part back to the wallet it came from, and the rest keeps earning', async () => {
    toNextDay(clock);
    toNextDay(clock, 60);
    // The first whole day (100 held) is not paid yet when 40 leave: it is still paid on 100.
    const res = await redeem(t.app, u, positionId, u.uid, '40');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { position: { principal: string; status: string; redeemable: boolean } }).position).toMatchObject({
      principal: '60',
      status: 'active',
      redeemable: true,
    });
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('9940');
    expect(await balance(t.app, 'system:earn-custody', 'USDT', 'funding')).toBe('60');
    await t.app.services.earn.accrual.run();
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(daily('100').toFixed());
    // The day of the redemption held 60 all through it.
    toNextDay(clock);
    await t.app.services.earn.accrual.run();
    expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(daily('100').plus(daily('60')).toFixed());
    const mine = await earnings(t.app, u);
    expect(mine.totals).toEqual([{ symbol: 'USDT', principal: '60', interest: daily('100').plus(daily('60')).toFixed() }]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('never lets two parts at once take more than the position holds, then redeems the rest whole', async () => {
    const [a, b] = await Promise.all([redeem(t.app, u, positionId, u.uid, '40'), redeem(t.app, u, positionId, u.uid, '40')]);
    const codes = [a?.statusCode, b?.statusCode].sort();
    // Overlapping, the second finds the position claimed (409); after the first, it finds 20 left (400).
    expect(codes[0]).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    expect((await positions(t.app, u))[0]).toMatchObject({ principal: '20', status: 'active' });
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('9980');
    const rest = await redeem(t.app, u, positionId, u.uid, '20');
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as { position: { status: string; principal: string } }).position).toMatchObject({ status: 'redeemed', principal: '20' });
    expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe('10000');
    expect(await balance(t.app, 'system:earn-custody', 'USDT', 'funding')).toBe('0');
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
