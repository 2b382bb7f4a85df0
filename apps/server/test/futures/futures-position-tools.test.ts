import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, leverageResponse, marginChangeResponse, setLeverageResponse, tpslResponse } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { bearer, FEATURE_DB, RESTART_TEST_MS, startApp, testConfig, type TestApp } from '../helpers.js';
import { closeChecked, lockedMatchesHolds, newUser, type TestUser } from '../trading/trading-helpers.js';
import { lastPerKey } from '../../src/modules/futures/leverage-store.js';
import { driveIndex, futuresWallet, openOk, positionOf, toFutures, userPositionList } from './futures-helpers.js';

const q = `?apikey=${DEFAULT_API_KEY}`;
const BTC = 'BTC-USDT-SWAP';

function getLeverage(app: App, u: TestUser, contract = BTC) {
  return app.inject({ method: 'GET', url: `/api/v1/futures/leverage${q}&contract=${contract}`, headers: bearer(u.token) });
}
function putLeverage(app: App, u: TestUser, body: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/v1/futures/leverage${q}`, headers: bearer(u.token), payload: { contract: BTC, side: 'long', margin_mode: 'isolated', ...body } });
}
function changeMargin(app: App, u: TestUser, id: string, type: string, amount: string) {
  return app.inject({ method: 'POST', url: `/api/v1/futures/positions/${id}/margin${q}`, headers: bearer(u.token), payload: { type, amount } });
}
function putTpsl(app: App, u: TestUser, id: string, body: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/v1/futures/positions/${id}/tpsl${q}`, headers: bearer(u.token), payload: body });
}
function deleteTpsl(app: App, u: TestUser, id: string) {
  return app.inject({ method: 'DELETE', url: `/api/v1/futures/positions/${id}/tpsl${q}`, headers: bearer(u.token) });
}
async function positionId(app: App, u: TestUser, orderId: string): Promise<string> {
  return (await positionOf(app, u, orderId)).position_id;
}

describe('futures position tools: leverage, isolated margin, take-profit and stop-loss', () => {
  let t: TestApp;
  const clock = { ms: 0 };
  const drive = (price: string, steps = 2) => driveIndex(t.app, 'BTC', price, clock, steps);
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    clock.ms = t.app.services.market.now;
    await drive('60000');
  });
  afterAll(() => closeChecked(t));

  it('keeps one setting when the same side is set several times at once (a double submit in one batch)', async () => {
    const u = await newUser(t.app);
    const answers = await Promise.all([5, 6, 7].map((leverage) => putLeverage(t.app, u, { side: 'short', leverage })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // The three reach the ledger in whatever order their requests' checks end: one of them is kept, once.
    const shorts = leverageResponse.parse((await getLeverage(t.app, u)).json()).settings.filter((s) => s.side === 'short' && s.margin_mode === 'isolated');
    expect(shorts).toHaveLength(1);
    expect([5, 6, 7]).toContain(shorts[0]?.leverage);
  });

  it('writes the last of a batch’s settings per key', () => {
    const row = (side: 'long' | 'short', leverage: number) => ({ userId: 'u', instId: BTC, side, marginMode: 'isolated' as const, leverage, at: new Date(0) });
    expect(lastPerKey([row('short', 5), row('long', 9), row('short', 7)]).map((r) => [r.side, r.leverage])).toEqual([
      ['long', 9],
      ['short', 7],
    ]);
  });

  it('takes any whole leverage from 1 to the contract maximum and keeps it per side and margin mode', async () => {
    const u = await newUser(t.app);
    const initial = leverageResponse.parse((await getLeverage(t.app, u)).json());
    expect(initial.max_leverage).toBe(125);
    expect(initial.settings).toHaveLength(4);
    expect(initial.settings.every((s) => s.leverage === 20 && s.max_leverage === 125)).toBe(true);
    for (const bad of [0, 126, 2.5, '7x']) {
      const res = await putLeverage(t.app, u, { leverage: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[Ll]everage/);
    }
    expect((await putLeverage(t.app, u, { contract: 'NOPE' })).statusCode).toBe(400);
    const set = await putLeverage(t.app, u, { leverage: 125 });
    expect(set.statusCode, set.body).toBe(200);
    expect(setLeverageResponse.parse(set.json()).position_id).toBeNull();
    expect((await putLeverage(t.app, u, { side: 'short', margin_mode: 'cross', leverage: 7 })).statusCode).toBe(200);
    const after = leverageResponse.parse((await getLeverage(t.app, u)).json()).settings;
    expect(after.find((s) => s.side === 'long' && s.margin_mode === 'isolated')?.leverage).toBe(125);
    expect(after.find((s) => s.side === 'short' && s.margin_mode === 'cross')?.leverage).toBe(7);
    expect(after.find((s) => s.side === 'long' && s.margin_mode === 'cross')?.leverage).toBe(20);
    // An order that names no leverage uses the side's.
    await toFutures(t.app, u, '1000');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/futures${q}&uid=${u.uid}&transaction_type=SELL%20SHORT&symbol=BTC&side=short&amount=0.01&order_type=market&margin_mode=cross`,
      headers: bearer(u.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await positionOf(t.app, u, res.json().future_id)).leverage).toBe(7);
  });

  it('caps the leverage by the tier of the position size', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '9000');
    // 1 BTC at about 60,000 USDT: the second tier (50,000 to 250,000), at most 100x.
    const opened = await openOk(t.app, u, { side: 'long', amount: '1', leverage: 20, order_type: 'market' });
    const cap = leverageResponse.parse((await getLeverage(t.app, u)).json()).settings.find((s) => s.side === 'long' && s.margin_mode === 'isolated');
    expect(cap?.max_leverage).toBe(100);
    const refused = await putLeverage(t.app, u, { leverage: 101 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'LEVERAGE_TOO_HIGH', params: { max: '100' } });
    expect((await putLeverage(t.app, u, { leverage: 100 })).statusCode).toBe(200);
    expect((await positionOf(t.app, u, opened.future_id)).leverage).toBe(100);
  });

  it('re-margins an open position through the ledger when its leverage changes, and refuses what the wallet cannot pay', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '100');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20, order_type: 'market' });
    const before = await positionOf(t.app, u, opened.future_id);
    const wallet = await futuresWallet(t.app, u.userId);
    const entryNotional = Number(before.entry_price) * 0.01;
    const lower = setLeverageResponse.parse((await putLeverage(t.app, u, { leverage: 10 })).json());
    expect(Number(lower.margin)).toBeCloseTo(entryNotional / 10, 6);
    const moved = Number(lower.margin) - Number(before.margin);
    const walletAfter = await futuresWallet(t.app, u.userId);
    expect(walletAfter.available.toNumber()).toBeCloseTo(wallet.available.toNumber() - moved, 8);
    expect(walletAfter.locked.toNumber()).toBeCloseTo(wallet.locked.toNumber() + moved, 8);
    const after = await positionOf(t.app, u, opened.future_id);
    expect(after.leverage).toBe(10);
    expect(Number(after.liquidation_price)).toBeLessThan(Number(before.liquidation_price));
    // 1x needs about 600 USDT of margin; the wallet has about 40 left.
    const short = await putLeverage(t.app, u, { leverage: 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_MARGIN', message_code: 'futures.remarginShort' });
    expect((await positionOf(t.app, u, opened.future_id)).leverage).toBe(10);
    expect(await lockedMatchesHolds(t.app)).toBe(true);
  });

  it('adds isolated margin and removes it down to the initial margin plus the unrealised loss', async () => {
    await drive('60000');
    const u = await newUser(t.app);
    await toFutures(t.app, u, '200');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20, order_type: 'market' });
    const id = await positionId(t.app, u, opened.future_id);
    const before = await positionOf(t.app, u, opened.future_id);
    const listed = async () => (await userPositionList(t.app, u, 'open')).find((p) => p.position_id === id)?.max_removable_margin;
    // Opened at 20x, it holds its initial margin: nothing to remove, less a loss at the mark.
    expect(await listed()).toBe('0');
    const added = marginChangeResponse.parse((await changeMargin(t.app, u, id, 'add', '50')).json());
    // The positions list shows the bound the margin call enforces, so the dialog can offer it.
    expect(await listed()).toBe(added.max_removable);
    expect(Number(added.margin)).toBeCloseTo(Number(before.margin) + 50, 8);
    expect(Number(added.liquidation_price)).toBeLessThan(Number(before.liquidation_price));
    const tooMuch = await changeMargin(t.app, u, id, 'add', '1000');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message_code).toBe('futures.marginAddShort');
    const max = Number(added.max_removable);
    expect(max).toBeGreaterThan(40);
    expect(max).toBeLessThan(50 + Number(before.margin));
    const over = await changeMargin(t.app, u, id, 'reduce', (max + 0.01).toFixed(2));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'MARGIN_TOO_LOW', params: { max: added.max_removable } });
    const reduced = marginChangeResponse.parse((await changeMargin(t.app, u, id, 'reduce', added.max_removable)).json());
    expect(Number(reduced.max_removable)).toBe(0);
    expect((await changeMargin(t.app, u, id, 'reduce', '0.01')).statusCode).toBe(400);
    for (const bad of [{ type: 'more', amount: '1' }, { type: 'add', amount: '-1' }, { type: 'add', amount: '1e3' }, { type: 'add' }]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/futures/positions/${id}/margin${q}`, headers: bearer(u.token), payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/type|amount/);
    }
    const cross = await openOk(t.app, u, { side: 'short', amount: '0.001', leverage: 20, order_type: 'market', margin_mode: 'cross' });
    const crossId = await positionId(t.app, u, cross.future_id);
    const crossRes = await changeMargin(t.app, u, crossId, 'add', '1');
    expect(crossRes.json()).toMatchObject({ code: 'NOT_ISOLATED' });
    expect((await userPositionList(t.app, u, 'open')).find((p) => p.position_id === crossId)?.max_removable_margin).toBeNull();
    expect(await lockedMatchesHolds(t.app)).toBe(true);
  });

  it('closes a position at its take-profit watched on the mark', async () => {
    await drive('60000');
    const u = await newUser(t.app);
    await toFutures(t.app, u, '500');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20, order_type: 'market' });
    const id = await positionId(t.app, u, opened.future_id);
    expect((await putTpsl(t.app, u, id, { tp_trigger_price: '59000', trigger_by: 'mark' })).json().message).toMatch(/take-profit/);
    expect((await putTpsl(t.app, u, id, { trigger_by: 'mark' })).statusCode).toBe(400);
    expect((await putTpsl(t.app, u, id, { tp_trigger_price: 'abc' })).json().message).toMatch(/tp_trigger_price/);
    const set = tpslResponse.parse((await putTpsl(t.app, u, id, { tp_trigger_price: '60500', sl_trigger_price: '55000', trigger_by: 'mark' })).json());
    expect(set).toMatchObject({ take_profit: '60500', stop_loss: '55000', trigger_by: 'mark' });
    const cleared = tpslResponse.parse((await deleteTpsl(t.app, u, id)).json());
    expect(cleared.take_profit).toBeNull();
    await putTpsl(t.app, u, id, { tp_trigger_price: '60500', trigger_by: 'mark' });
    await drive('60300');
    expect((await positionOf(t.app, u, opened.future_id)).status).toBe('active');
    await drive('60700');
    const closed = await positionOf(t.app, u, opened.future_id);
    expect(closed.status).toBe('closed');
    expect(Number(closed.realized_pnl)).toBeGreaterThan(0);
  });

  it('closes a position at its stop-loss watched on the last trade while the mark stays away', async () => {
    await drive('60000');
    const u = await newUser(t.app);
    await toFutures(t.app, u, '500');
    const opened = await openOk(t.app, u, { side: 'short', amount: '0.01', leverage: 20, order_type: 'market' });
    const id = await positionId(t.app, u, opened.future_id);
    // The index alone falls to 57,000: the mark follows it, the book and its trades stay near 60,000.
    const pin = (price: string | null) =>
      t.app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol: 'BTC', price, index_only: true } });
    await pin('57000');
    await drive('60000', 1);
    const mark = Number((await positionOf(t.app, u, opened.future_id)).mark_price);
    expect(mark).toBeLessThan(59_000);
    // A stop-loss at 59,500 on a short: the mark (below) never reaches it, the last trade (about 60,000) has.
    expect((await putTpsl(t.app, u, id, { sl_trigger_price: '59500', trigger_by: 'mark' })).statusCode).toBe(200);
    await drive('60000', 1);
    expect((await positionOf(t.app, u, opened.future_id)).status).toBe('active');
    const byLast = await putTpsl(t.app, u, id, { sl_trigger_price: '59500', trigger_by: 'last' });
    // The last trade is already past it: a trigger that would fire at once is refused.
    expect(byLast.statusCode).toBe(400);
    expect((await putTpsl(t.app, u, id, { sl_trigger_price: '60800', trigger_by: 'last' })).statusCode).toBe(200);
    await pin(null);
    await drive('61000');
    const closed = await positionOf(t.app, u, opened.future_id);
    expect(closed.status).toBe('closed');
    expect(closed.trigger_by).toBe('last');
  });

  it('answers 404 for an unknown position and 403 for another user’s', async () => {
    await drive('60000');
    const owner = await newUser(t.app);
    const other = await newUser(t.app);
    await toFutures(t.app, owner, '200');
    const opened = await openOk(t.app, owner, { side: 'long', amount: '0.001', leverage: 20, order_type: 'market' });
    const id = await positionId(t.app, owner, opened.future_id);
    expect((await changeMargin(t.app, other, id, 'add', '1')).statusCode).toBe(403);
    expect((await putTpsl(t.app, other, id, { tp_trigger_price: '70000' })).statusCode).toBe(403);
    expect((await deleteTpsl(t.app, other, id)).statusCode).toBe(403);
    expect((await changeMargin(t.app, other, '999999999', 'add', '1')).statusCode).toBe(404);
    expect((await putTpsl(t.app, owner, '999999999', { tp_trigger_price: '70000' })).statusCode).toBe(404);
    // An order's id is no position id here.
    if (opened.future_id !== id) expect((await changeMargin(t.app, owner, opened.future_id, 'add', '1')).statusCode).toBe(404);
    expect((await userPositionList(t.app, owner, 'open'))[0]?.margin).toBe((await positionOf(t.app, owner, opened.future_id)).margin);
  });
});

describe('a position’s take-profit and stop-loss survive a restart', () => {
  it('keeps the trigger prices and what they watch, and fires after the restart', async () => {
    const cfg = testConfig({ pgliteInMemory: false });
    let app: App = await buildApp(cfg);
    try {
      const clock = { ms: app.services.market.now };
      await driveIndex(app, 'BTC', '60000', clock);
      const u = await newUser(app);
      await toFutures(app, u, '500');
      const opened = await openOk(app, u, { side: 'long', amount: '0.01', leverage: 20, order_type: 'market' });
      const id = await positionId(app, u, opened.future_id);
      expect((await putTpsl(app, u, id, { tp_trigger_price: '61000', sl_trigger_price: '50000', trigger_by: 'last' })).statusCode).toBe(200);
      await app.close();
      app = await buildApp(cfg);
      clock.ms = Math.max(clock.ms, app.services.market.now);
      await driveIndex(app, 'BTC', '60000', clock);
      expect(await positionOf(app, u, opened.future_id)).toMatchObject({ status: 'active', take_profit: '61000', stop_loss: '50000', trigger_by: 'last' });
      await driveIndex(app, 'BTC', '61500', clock);
      expect((await positionOf(app, u, opened.future_id)).status).toBe('closed');
      expect(await checkLedger(app.services.db)).toEqual([]);
    } finally {
      await app.close();
      rmSync(cfg.dataDir, { recursive: true, force: true });
    }
  }, RESTART_TEST_MS);
});
