import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, positionModeResponse, positionToolsMessages } from '@exchange/contract';
import { netFill, type NetHolding } from '@exchange/risk';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, startApp, type DbKind, type TestApp } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { closeOk, contract, driveIndex, futuresWallet, openOk, openPosition, toFutures, userPositionList } from './futures-helpers.js';

const FEE = new Dec('0.0005');
const SCALE = 18;

interface Fill {
  position_id: string;
  order_id: string | null;
  action: string;
  price: string;
  qty: string;
  fee: string;
  pnl: string;
}

/**
 * The model of one position from its fills: opening fills add price × qty to the cost, a closing
 * fill of q takes cost × q / qty (all of it on the last) and realises q × price − that share (× −1
 * for a short); fees are 0.05 % of each fill, rounded down opening and up closing.
 */
function model(side: 'long' | 'short', fills: readonly Fill[]) {
  let qty = new Dec(0);
  let cost = new Dec(0);
  let realized = new Dec(0);
  let fees = new Dec(0);
  for (const f of fills) {
    const price = new Dec(f.price);
    const q = new Dec(f.qty);
    if (f.action === 'open') {
      qty = qty.plus(q);
      cost = cost.plus(price.mul(q));
      fees = fees.plus(price.mul(q).mul(FEE).toDecimalPlaces(SCALE, Dec.ROUND_DOWN));
      continue;
    }
    const share = q.eq(qty) ? cost : cost.mul(q).div(qty).toDecimalPlaces(SCALE, Dec.ROUND_HALF_UP);
    realized = realized.plus(price.mul(q).minus(share).mul(side === 'long' ? 1 : -1).toDecimalPlaces(SCALE, Dec.ROUND_HALF_UP));
    fees = fees.plus(price.mul(q).mul(FEE).toDecimalPlaces(SCALE, Dec.ROUND_UP));
    qty = qty.minus(q);
    cost = cost.minus(share);
  }
  return { qty, cost, realized, fees };
}

describe.each<DbKind>(['pglite', 'postgres'])('futures one-way position mode on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  }, 180_000);
  afterAll(() => closeChecked(t));

  const setMode = (u: TestUser, position_mode: string) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token), payload: { position_mode } });
  const fillsOf = async (userId: string): Promise<Fill[]> =>
    (
      await t.app.services.db.query<Fill>(
        `SELECT position_id, order_id, action, price::text, qty::text, fee::text, pnl::text FROM futures_fills WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).rows;

  it('nets: a short order larger than the long closes it with its profit realised and opens the rest short at the fill price', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const set = await setMode(u, 'one_way');
    expect(set.statusCode, set.body).toBe(200);
    expect(positionModeResponse.parse(set.json()).position_mode).toBe('one_way');

    const long = await openOk(t.app, u, { side: 'long', amount: '0.004', leverage: 10 });
    await driveIndex(t.app, 'BTC', '60600', clock);
    const flip = await openOk(t.app, u, { side: 'short', amount: '0.006', leverage: 10 });
    expect(flip.filled_amount).toBe('0.006');

    const open = await userPositionList(t.app, u, 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ side: 'short', amount: '0.002', status: 'active' });
    expect(open[0]?.position_id).toBe(flip.position_id);
    const [closedLong] = await userPositionList(t.app, u, 'closed');
    expect(closedLong).toMatchObject({ position_id: long.position_id, side: 'long', status: 'closed', amount: '0' });

    const fills = await fillsOf(u.userId);
    const ofLong = fills.filter((f) => f.position_id === long.position_id);
    const ofShort = fills.filter((f) => f.position_id === flip.position_id);
    // The flipping order's fills: its first 0.004 closed the long, the rest opened the short.
    expect(ofLong.filter((f) => f.order_id === flip.future_id).every((f) => f.action === 'close')).toBe(true);
    expect(ofLong.filter((f) => f.action === 'close').reduce((s, f) => s.plus(f.qty), new Dec(0)).toFixed()).toBe('0.004');
    expect(ofShort.every((f) => f.action === 'open' && f.order_id === flip.future_id)).toBe(true);
    const longModel = model('long', ofLong);
    expect(closedLong?.realized_pnl).toBe(longModel.realized.toDecimalPlaces(8).toFixed());
    expect(new Dec(closedLong?.realized_pnl ?? '0').toFixed()).not.toBe('0');
    // The same from the pure netting, fill by fill (in floating point, to the cent).
    let net: NetHolding | null = null;
    let pnl = 0;
    for (const f of fills) {
      const side = f.order_id === flip.future_id ? 'short' : 'long';
      const r = netFill(net, side, Number(f.price), Number(f.qty));
      net = r.position;
      pnl += r.realizedPnl;
    }
    expect(pnl).toBeCloseTo(longModel.realized.toNumber(), 2);
    expect(net?.side).toBe('short');
    expect(net?.qty).toBeCloseTo(0.002, 12);
    // The short opened at the flipping fills' price.
    const shortModel = model('short', ofShort);
    expect(open[0]?.entry_price).toBe(shortModel.cost.div(shortModel.qty).toDecimalPlaces(8).toFixed());

    // A long order smaller than the short only reduces it.
    const reduce = await openOk(t.app, u, { side: 'long', amount: '0.001', leverage: 10 });
    expect(reduce.position_id).toBe(flip.position_id);
    expect((await userPositionList(t.app, u, 'open'))[0]).toMatchObject({ side: 'short', amount: '0.001' });
    await openOk(t.app, u, { side: 'long', amount: '0.001', leverage: 10 });
    expect(await userPositionList(t.app, u, 'open')).toEqual([]);

    // Every cent: what came in, plus the realised profit, less every fee of both positions.
    const all = await fillsOf(u.userId);
    const a = model('long', all.filter((f) => f.position_id === long.position_id));
    const b = model('short', all.filter((f) => f.position_id === flip.position_id));
    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    expect(wallet.available.toFixed()).toBe(new Dec(1000).plus(a.realized).plus(b.realized).minus(a.fees).minus(b.fees).toFixed());
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('holds margin only for the part of a market order that opens: a wallet too small for the whole order still nets its long', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '100');
    expect((await setMode(u, 'one_way')).statusCode).toBe(200);
    // About 60 of margin on the long leaves about 40 free: less than the same size short would hold on its own.
    const long = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 10 });
    const free = (await futuresWallet(t.app, u.userId)).available;
    expect(free.lt(new Dec((await contract(t.app)).mark_price as string).mul('0.01').div(10))).toBe(true);
    // What a refusal names is the opened part's margin and fee: 0.01 of a 0.02 short, 0.02 of a 0.03 one
    // (twice as much; the whole orders' would be 1.5 times).
    const needOf = async (amount: string) => {
      const res = await openPosition(t.app, u, { side: 'short', amount, leverage: 10 });
      expect(res.statusCode, res.body).toBe(400);
      return Number((res.json() as { message: string }).message.match(/needs ([\d.]+)/)?.[1]);
    };
    const [two, three] = [await needOf('0.02'), await needOf('0.03')];
    expect(three / two).toBeCloseTo(2, 2);
    // Hedge mode would refuse this short for its margin; here all of it nets, and a flip holds the opened part only.
    const netted = await openOk(t.app, u, { side: 'short', amount: '0.01', leverage: 10 });
    expect(netted.position_id).toBe(long.position_id);
    expect(await userPositionList(t.app, u, 'open')).toEqual([]);
    await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 10 });
    const flip = await openOk(t.app, u, { side: 'short', amount: '0.012', leverage: 10 });
    expect(flip.filled_amount).toBe('0.012');
    expect(await userPositionList(t.app, u, 'open')).toMatchObject([{ side: 'short', amount: '0.002' }]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('refuses a switch while a position is open or an order rests, and allows it once both are gone', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const get = await t.app.inject({ method: 'GET', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
    expect(positionModeResponse.parse(get.json()).position_mode).toBe('hedge');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 10 });
    const refused = await setMode(u, 'one_way');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: positionToolsMessages.positionModeBusy });
    // Hedge mode keeps both sides apart.
    await openOk(t.app, u, { side: 'short', amount: '0.001', leverage: 10 });
    expect(await userPositionList(t.app, u, 'open')).toHaveLength(2);
    for (const p of await userPositionList(t.app, u, 'open')) await closeOk(t.app, u, p.position_id);
    expect(opened.position_id).not.toBeNull();
    const far = (Number((await contract(t.app)).mark_price) * 0.5).toFixed(1);
    const resting = await openPosition(t.app, u, { side: 'long', amount: '0.001', leverage: 10, order_type: 'limit', entry_price: far });
    expect(resting.statusCode, resting.body).toBe(200);
    expect((await setMode(u, 'one_way')).statusCode).toBe(409);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/v1/futures/orders?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const ok = await setMode(u, 'one_way');
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
    expect(positionModeResponse.parse(after.json()).position_mode).toBe('one_way');
    expect((await setMode(u, 'sideways')).statusCode).toBe(400);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
