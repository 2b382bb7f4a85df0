import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/decimal.js';
import { startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { futuresMessages } from '@exchange/contract';
import { bearer } from '../helpers.js';
import { closeOk, contract, driveIndex, futuresWallet, openOk, openUrl, positionOf, toFutures } from './futures-helpers.js';

describe('POST /futures refusals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(() => closeChecked(t));

  it('answers the spec’s messages for a bad amount, a bad price, no login, no user id and a bad coin, and a short margin in plain words', async () => {
    const u = await newUser(t.app);
    const refusal = async (url: string, headers: Record<string, string> = bearer(u.token)) => {
      const res = await t.app.inject({ method: 'POST', url, headers });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return (res.json() as { message: string }).message;
    };
    const ok = openUrl(u, { side: 'long', amount: '0.01', order_type: 'limit', entry_price: '50000' });
    expect(await refusal(ok.replace('amount=0.01', 'amount=-1'))).toBe(futuresMessages.invalidAmount);
    expect(await refusal(ok.replace('amount=0.01', 'amount=abc'))).toBe(futuresMessages.invalidAmount);
    expect(await refusal(ok.replace('entry_price=50000', 'entry_price=0'))).toBe(futuresMessages.invalidPrice);
    expect(await refusal(ok, {})).toBe(futuresMessages.authRequired);
    expect(await refusal(ok.replace(/uid=\d+&/, ''))).toBe(futuresMessages.userIdRequired);
    expect(await refusal(ok.replace('symbol=BTC', 'symbol=NOPE'))).toBe(futuresMessages.invalidCoinId);
    expect(await refusal(ok.replace('leverage=20', 'leverage=126'))).toBe(futuresMessages.leverage);
    expect(await refusal(ok)).toBe(futuresMessages.insufficientMargin('25.25', '0.00'));
    const short = await t.app.inject({ method: 'POST', url: ok, headers: bearer(u.token) });
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_MARGIN', message_code: 'futures.insufficientMargin', params: { need: '25.25', have: '0.00' } });
    const other = await newUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: openUrl(u, { side: 'long', amount: '0.01', uid: other.uid }), headers: bearer(u.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe.each<DbKind>([FEATURE_DB])('perpetual futures on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  });
  afterAll(() => closeChecked(t));

  it('opens a 20x long at market, shows a live profit when the index rises, and closes it with the margin back', async () => {
    const a = await newUser(t.app);
    await toFutures(t.app, a, '1000');
    const opened = await openOk(t.app, a, { side: 'long', amount: '0.01' });
    expect(opened.status).toBe('active');
    const row = await positionOf(t.app, a, opened.future_id);
    expect(row).toMatchObject({ side: 'long', leverage: 20, status: 'active', amount: '0.01' });
    const entry = Number(row.entry_price);
    expect(entry).toBeGreaterThan(59_000);
    expect(Number(row.margin)).toBeCloseTo((entry * 0.01) / 20, 6);
    expect(Number(row.liquidation_price)).toBeLessThan(entry);

    await driveIndex(t.app, 'BTC', '61200', clock);
    const up = await positionOf(t.app, a, opened.future_id);
    expect(Number(up.unrealized_pnl)).toBeGreaterThan(0);

    const oi = await contract(t.app);
    expect(oi.open_interest_long).toBe(oi.open_interest_short);
    expect(Number(oi.open_interest_long)).toBeGreaterThanOrEqual(0.01);

    const closed = await closeOk(t.app, a, opened.future_id);
    expect(closed).toMatchObject({ success: true, status: 'closed' });
    expect(Number(closed.realized_pnl)).toBeGreaterThan(0);
    const wallet = await futuresWallet(t.app, a.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    expect(wallet.available.gt(new Dec(1000))).toBe(true);
  });
});
