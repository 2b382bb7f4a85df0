import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, futuresMessages, futuresPositionsResponse, type FuturesPosition } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, FEATURE_DB, startApp, type DbKind, type TestApp } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { closeOk, contract, driveIndex, futuresWallet, openOk, openPosition, openUrl, positions, toFutures } from './futures-helpers.js';

const FEE = new Dec('0.0005');
const SCALE = 18;

async function myPositions(t: TestApp, u: TestUser, status: 'open' | 'closed' | 'all' = 'all'): Promise<FuturesPosition[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/futures/positions?status=${status}&apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return futuresPositionsResponse.parse(res.json());
}

/** A reduce-only order on the side's position (POST /futures with position_action=close). */
function closeOrder(t: TestApp, u: TestUser, p: { side: 'long' | 'short'; amount: string; entry_price?: string }) {
  const url = openUrl(u, { side: p.side, amount: p.amount, order_type: p.entry_price ? 'limit' : 'market', entry_price: p.entry_price });
  return t.app.inject({ method: 'POST', url: `${url}&position_action=close`, headers: bearer(u.token) });
}

interface Fill {
  order_id: string | null;
  action: string;
  price: string;
  qty: string;
  fee: string;
  pnl: string;
}

async function fillsOf(t: TestApp, positionId: string): Promise<Fill[]> {
  const res = await t.app.services.db.query<Fill>(
    `SELECT order_id, action, price::text, qty::text, fee::text, pnl::text FROM futures_fills WHERE position_id = $1 ORDER BY id`,
    [positionId],
  );
  return res.rows;
}

/**
 * The model of a position, fill by fill, from the trades alone: opening fills add price × qty to the
 * cost; a closing fill of q takes cost × q / qty (rounded half up to 18 places; all of it on the
 * last), realises q × price − that share, and pays q × price × 0.05 % rounded up; an opening fill
 * pays its fee rounded down.
 */
function model(fills: readonly Fill[]) {
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
    realized = realized.plus(price.mul(q).minus(share).toDecimalPlaces(SCALE, Dec.ROUND_HALF_UP));
    fees = fees.plus(price.mul(q).mul(FEE).toDecimalPlaces(SCALE, Dec.ROUND_UP));
    qty = qty.minus(q);
    cost = cost.minus(share);
  }
  return { qty, cost, realized, fees };
}

describe.each<DbKind>([FEATURE_DB])('futures positions per contract and side on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  }, 180_000);
  afterAll(() => closeChecked(t));

  it('three opens make one position at the size-weighted entry; half closes at a limit, the rest at market; profit and fees equal the model to the last digit', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const a = await openOk(t.app, u, { side: 'long', amount: '0.004', leverage: 20 });
    await driveIndex(t.app, 'BTC', '60300', clock);
    const b = await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 20 });
    const c = await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 20 });
    expect(a.position_id).not.toBeNull();
    expect([b.position_id, c.position_id]).toEqual([a.position_id, a.position_id]);

    const [open] = await myPositions(t, u, 'open');
    const id = a.position_id as string;
    const fills = await fillsOf(t, id);
    expect(fills.every((f) => f.action === 'open')).toBe(true);
    const m = model(fills);
    expect(open).toMatchObject({ position_id: id, side: 'long', amount: '0.008', leverage: 20, status: 'active' });
    expect(open?.entry_price).toBe(m.cost.div(m.qty).toDecimalPlaces(8).toFixed());
    // Margin: each fill's notional / 20 rounded down, all on the position's one hold.
    const margin = fills.reduce((s, f) => s.plus(new Dec(f.price).mul(f.qty).div(20).toDecimalPlaces(SCALE, Dec.ROUND_DOWN)), new Dec(0));
    expect(open?.margin).toBe(margin.toDecimalPlaces(8).toFixed());
    expect((await futuresWallet(t.app, u.userId)).locked.toFixed()).toBe(margin.toFixed());
    // Spec 2's history keeps one row per order, each naming the position.
    const rows = await positions(t.app, u);
    expect(rows.map((r) => [r.future_id, r.position_id, r.reduce_only])).toEqual([
      [c.future_id, id, false],
      [b.future_id, id, false],
      [a.future_id, id, false],
    ]);

    // Half at a limit through the bid (it fills at once, as a taker), the rest at market.
    const bid = Number((await contract(t.app)).mark_price) * 0.98;
    const half = await closeOrder(t, u, { side: 'long', amount: '0.004', entry_price: bid.toFixed(1) });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ position_id: id, filled_amount: '0.004', status: 'closed', message: futuresMessages.partlyClosed });
    const [still] = await myPositions(t, u, 'open');
    expect(still?.amount).toBe('0.004');
    // The average entry of what is left does not move on a close.
    expect(still?.entry_price).toBe(open?.entry_price);
    const rest = await closeOrder(t, u, { side: 'long', amount: '0.004' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as { message: string }).message).toBe(futuresMessages.closedSuccess);
    expect(await myPositions(t, u, 'open')).toEqual([]);

    const all = await fillsOf(t, id);
    const end = model(all);
    const [closed] = await myPositions(t, u, 'closed');
    expect(closed).toMatchObject({ position_id: id, status: 'closed', amount: '0', mark_price: null, unrealized_pnl: '0' });
    expect(closed?.realized_pnl).toBe(end.realized.toDecimalPlaces(8).toFixed());
    expect(closed?.fee).toBe(end.fees.toDecimalPlaces(8).toFixed());
    expect(closed?.close_price).toBe(new Dec(all.at(-1)?.price ?? '0').toFixed());
    // Every cent: the wallet is what came in, plus the realised profit, less every fee.
    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    expect(wallet.available.toFixed()).toBe(new Dec(1000).plus(end.realized).minus(end.fees).toFixed());
    // Both close orders are history rows with their realised part.
    const history = await positions(t.app, u);
    const closes = history.filter((r) => r.reduce_only);
    expect(closes).toHaveLength(2);
    expect(closes.reduce((s, r) => s.plus(r.realized_pnl), new Dec(0)).toFixed()).toBe(end.realized.toDecimalPlaces(8).toFixed());
    expect(history.filter((r) => !r.reduce_only).every((r) => r.status === 'closed')).toBe(true);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('a reduce-only order never grows or flips the position: a larger one closes what is open, with nothing open it is refused', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const opened = await openOk(t.app, u, { side: 'short', amount: '0.003', leverage: 10 });
    const res = await closeOrder(t, u, { side: 'short', amount: '0.01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ position_id: opened.position_id, filled_amount: '0.003' });
    expect(await myPositions(t, u, 'open')).toEqual([]);
    const again = await closeOrder(t, u, { side: 'short', amount: '0.01' });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { message: string }).message).toBe(futuresMessages.nothingToClose);
    // Nothing turned into a long.
    expect((await myPositions(t, u, 'all')).map((p) => p.side)).toEqual(['short']);
  });

  it('resting reduce-only limits count against the position: one past what is free is cut to it, with nothing free refused; a whole close cancels them', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.004', leverage: 10 });
    const far = await closeOrder(t, u, { side: 'long', amount: '0.003', entry_price: '90000' });
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toMatchObject({ status: 'pending', filled_amount: '0' });
    const [p] = await myPositions(t, u, 'open');
    expect(p?.closing_amount).toBe('0.003');
    const more = await closeOrder(t, u, { side: 'long', amount: '0.002', entry_price: '90000' });
    expect(more.statusCode, more.body).toBe(200);
    expect((await myPositions(t, u, 'open'))[0]?.closing_amount).toBe('0.004');
    const none = await closeOrder(t, u, { side: 'long', amount: '0.001', entry_price: '90000' });
    expect(none.statusCode).toBe(400);
    expect((none.json() as { message: string }).message).toBe(futuresMessages.reduceOnlyTooLarge('0'));
    const closed = await closeOk(t.app, u, opened.position_id as string);
    expect(closed.status).toBe('closed');
    const ids = [far, more].map((r) => (r.json() as { future_id: string }).future_id);
    const rows = await positions(t.app, u);
    expect(ids.map((id) => rows.find((r) => r.future_id === id)?.status)).toEqual(['canceled', 'canceled']);
    expect((await futuresWallet(t.app, u.userId)).locked.toFixed()).toBe('0');
  });

  it('an order at another leverage than the open position is refused; the other side and the other margin mode are positions of their own', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 20 });
    const refused = await openPosition(t.app, u, { side: 'long', amount: '0.002', leverage: 50 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toBe(futuresMessages.leverageOfPosition(20));
    await openOk(t.app, u, { side: 'short', amount: '0.002', leverage: 50 });
    await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 50, margin_mode: 'cross' });
    const open = await myPositions(t, u, 'open');
    expect(open.map((p) => [p.side, p.position_type, p.leverage]).sort()).toEqual([
      ['long', 'cross', 50],
      ['long', 'isolated', 20],
      ['short', 'isolated', 50],
    ]);
  });
});

describe('reduce-only closes of one position at once on postgres', () => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp('postgres');
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  });
  afterAll(() => closeChecked(t));

  it('50 concurrent reduce-only closes never close more than the position holds', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '2000');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.02', leverage: 20 });
    const results = await Promise.all(Array.from({ length: 50 }, () => closeOrder(t, u, { side: 'long', amount: '0.001' })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(20);
    expect(ok.length + refused.length).toBe(50);
    for (const r of refused) expect(r.statusCode).toBe(400);
    const answered = ok.reduce((s, r) => s.plus((r.json() as { filled_amount: string }).filled_amount), new Dec(0));
    const fills = await fillsOf(t, opened.position_id as string);
    const closedQty = fills.filter((f) => f.action === 'close').reduce((s, f) => s.plus(f.qty), new Dec(0));
    expect(closedQty.toFixed()).toBe('0.02');
    expect(answered.toFixed()).toBe('0.02');
    const [p] = await myPositions(t, u, 'all');
    expect(p).toMatchObject({ status: 'closed', amount: '0' });
    expect((await futuresWallet(t.app, u.userId)).locked.toFixed()).toBe('0');
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
