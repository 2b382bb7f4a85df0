import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, startApp, type DbKind, type TestApp } from '../helpers.js';
import { lockedMatchesHolds, newUser, type TestUser } from '../trading/trading-helpers.js';
import { closePosition, contract, driveIndex, fundInsurance, futuresWallet, openOk, openPosition, openUrl, toFutures, stepMarket } from './futures-helpers.js';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The futures money flows at random (opens of every kind adding to positions, closes by position or
 * order id, reduce-only orders at market and at a limit, cancels, margin added and removed, take-profit
 * and stop-loss by mark and last, leverage changes that re-margin, an index walking with
 * gaps that liquidates and deleverages, funding times), with the ledger's invariants checked after
 * every round (two users in one-way mode, their orders netting): balanced entries, no negative user
 * balance, locked equal to live holds, open interest balanced and the clearing account equal to the
 * open positions' cost. The fee tier's futures maker and taker rates differ, and halfway the maker
 * rate is raised past the taker rate, above what the resting orders' holds reserved (issue 43).
 */
describe.each<DbKind>(['pglite', 'postgres'])('a random futures flow on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
    await setFuturesRates('0.0002', '0.0009');
  });

  /** Every user here is Level 1: its futures rates, as the console's change leaves them (read by the schedule at once). */
  async function setFuturesRates(maker: string, taker: string): Promise<void> {
    await t.app.services.db.query(`UPDATE fee_rates SET futures_maker_rate = $1, futures_taker_rate = $2 WHERE tier = 'level_1'`, [maker, taker]);
    await t.app.services.core.fees.changed();
  }
  afterAll(async () => {
    await t.close();
  });

  it('keeps every invariant through opens, closes, liquidations, deleveraging and funding', async () => {
    const rand = rng(kind === 'pglite' ? 5 : 9);
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await newUser(t.app);
      await toFutures(t.app, u, '3000');
      // Two of the five trade in one-way mode: their orders against their own position net and flip it.
      if (i >= 3) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token), payload: { position_mode: 'one_way' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      users.push(u);
    }
    await fundInsurance(t.app, '100');
    const open: { user: TestUser; id: string }[] = [];
    let index = 60_000;
    const outcomes = new Map<number, number>();
    for (let round = 0; round < 16; round++) {
      if (round === 8) await setFuturesRates('0.003', '0.0009');
      const wave = Array.from({ length: 5 }, async () => {
        const n = Math.floor(rand() * users.length);
        const user = users[n] as TestUser;
        const side = rand() < 0.5 ? 'long' : 'short';
        if (rand() < 0.2 && open.length > 0) {
          // A position tool on one of the user's own ids (an order's id answers 404): margin, triggers or the side's leverage.
          const target = open[Math.floor(rand() * open.length)] as { user: TestUser; id: string };
          const tool = rand();
          const q = `?apikey=${DEFAULT_API_KEY}`;
          const headers = bearer(target.user.token);
          if (tool < 0.4) {
            const payload = { type: rand() < 0.5 ? 'add' : 'reduce', amount: (0.01 + rand() * 30).toFixed(2) };
            return t.app.inject({ method: 'POST', url: `/api/v1/futures/positions/${target.id}/margin${q}`, headers, payload });
          }
          if (tool < 0.75) {
            const away = (f: number) => (index * (1 + f * (0.005 + rand() * 0.02))).toFixed(2);
            const long = rand() < 0.5;
            const payload = { tp_trigger_price: away(long ? 1 : -1), sl_trigger_price: away(long ? -1 : 1), trigger_by: rand() < 0.5 ? 'mark' : 'last' };
            return t.app.inject({ method: 'PUT', url: `/api/v1/futures/positions/${target.id}/tpsl${q}`, headers, payload });
          }
          const payload = { contract: 'BTC-USDT-SWAP', side, margin_mode: rand() < 0.2 ? 'cross' : 'isolated', leverage: [5, 10, 20, 50, 100][Math.floor(rand() * 5)] };
          return t.app.inject({ method: 'PUT', url: `/api/v1/futures/leverage${q}`, headers, payload });
        }
        if (rand() < 0.3 && open.length > 0) {
          const [victim] = open.splice(Math.floor(rand() * open.length), 1);
          return victim ? closePosition(t.app, victim.user, victim.id) : null;
        }
        if (rand() < 0.25) {
          // A reduce-only order on the side's position: part or more than all of it, at market or at a limit near the touch.
          const limit = rand() < 0.5;
          const price = (index * (side === 'long' ? 1 + rand() * 0.002 : 1 - rand() * 0.002)).toFixed(2);
          const url = openUrl(user, { side, amount: (0.001 + rand() * 0.03).toFixed(3), order_type: limit ? 'limit' : 'market', entry_price: limit ? price : undefined });
          return t.app.inject({ method: 'POST', url: `${url}&position_action=close`, headers: bearer(user.token) });
        }
        // Leverage is the position's: each user trades at one of their own.
        const leverage = [10, 20, 50, 100][n % 4] as number;
        const limit = rand() < 0.35;
        const price = (index * (side === 'long' ? 1 - rand() * 0.002 : 1 + rand() * 0.002)).toFixed(2);
        const res = await openPosition(t.app, user, {
          side,
          leverage,
          amount: (0.001 + rand() * 0.05).toFixed(3),
          order_type: limit ? 'limit' : 'market',
          entry_price: limit ? price : undefined,
          margin_mode: rand() < 0.2 ? 'cross' : 'isolated',
        });
        if (res.statusCode === 200) {
          const placed = res.json() as { future_id: string; position_id: string | null };
          open.push({ user, id: rand() < 0.5 ? placed.future_id : (placed.position_id ?? placed.future_id) });
        }
        return res;
      });
      for (const res of await Promise.all(wave)) {
        if (!res) continue;
        outcomes.set(res.statusCode, (outcomes.get(res.statusCode) ?? 0) + 1);
        expect([200, 400, 404, 409], res.body).toContain(res.statusCode);
      }
      const r = rand();
      index = Math.round(index * (r < 0.15 ? 0.97 : r < 0.3 ? 1.03 : 1 + (rand() - 0.5) * 0.004));
      await driveIndex(t.app, 'BTC', index.toFixed(2), clock, 1);
      if (round % 5 === 4) {
        clock.ms = (await contract(t.app)).next_funding_time + 1_000;
        await stepMarket(t.app, clock.ms);
      }
      expect(await checkLedger(t.app.services.db)).toEqual([]);
      expect(await lockedMatchesHolds(t.app)).toBe(true);
    }
    // The one-way users' opening orders close a position of theirs on the other side. Whether a
    // wave's order met its user's opposite position also depends on timing (the ledger builds the
    // next batch while one is written): a last one-way user's long and then a short as large net here.
    const oneWay = await newUser(t.app);
    // The market quotes again at the index (the waves' market orders may have taken its book).
    await driveIndex(t.app, 'BTC', index.toFixed(2), clock);
    await toFutures(t.app, oneWay, '3000');
    const mode = await t.app.inject({ method: 'PUT', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(oneWay.token), payload: { position_mode: 'one_way' } });
    expect(mode.statusCode, mode.body).toBe(200);
    await openOk(t.app, oneWay, { side: 'long', leverage: 10, amount: '0.01', order_type: 'market', margin_mode: 'isolated' });
    await openOk(t.app, oneWay, { side: 'short', leverage: 10, amount: '0.01', order_type: 'market', margin_mode: 'isolated' });
    expect(await checkLedger(t.app.services.db)).toEqual([]);
    // The waves run concurrently, so whether a random round liquidated depends on the database's
    // timing: a last 100× long and the index 3 % under it make sure the liquidation path ran here too.
    const last = await newUser(t.app);
    await toFutures(t.app, last, '3000');
    await openOk(t.app, last, { side: 'long', leverage: 100, amount: '0.01', order_type: 'market', margin_mode: 'isolated' });
    await driveIndex(t.app, 'BTC', (index * 0.97).toFixed(2), clock);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
    expect(await lockedMatchesHolds(t.app)).toBe(true);
    // Nothing but accepted calls, refusals for margin, closes of positions already gone and tools on an order's id.
    expect([...outcomes.keys()].every((code) => [200, 400, 404, 409].includes(code))).toBe(true);
    expect(outcomes.get(200) ?? 0).toBeGreaterThan(20);
    const liquidated = await t.app.services.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM futures_user_positions WHERE status = 'liquidated' AND user_id = $1`, [last.userId]);
    expect(Number(liquidated.rows[0]?.n)).toBeGreaterThan(0);
    // The one-way users' opening orders closed a position of theirs on the other side.
    const netted = await t.app.services.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM futures_fills f JOIN futures_positions o ON o.id = f.order_id WHERE f.action = 'close' AND NOT o.reduce_only`,
    );
    expect(Number(netted.rows[0]?.n)).toBeGreaterThan(0);
    const funded = await t.app.services.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM futures_funding`);
    expect(Number(funded.rows[0]?.n)).toBeGreaterThan(0);
    for (const u of [...users, last, oneWay]) expect((await futuresWallet(t.app, u.userId)).available.gte(0)).toBe(true);
    // Which orders rested depends on the waves' timing: every fill paid one of the tier's rates, or an
    // order resting from before the rise the taker rate its hold reserved; takers always ran.
    const rates = await t.app.services.db.query<{ rate: string }>(
      `SELECT DISTINCT round(f.fee / (f.price * f.qty), 6)::text AS rate FROM futures_fills f WHERE f.fee > 0 AND f.user_id = ANY($1) ORDER BY 1`,
      [users.map((u) => u.userId)],
    );
    const seen = rates.rows.map((r) => Number(r.rate));
    expect(seen).toContain(0.0009);
    expect(seen.every((r) => [0.0002, 0.0009, 0.003].includes(r))).toBe(true);

    // A maker at the raised rate, above the taker's, for certain: a short resting one tick under the
    // ask (or over the bid, the liquidation may have emptied the asks), taken by a long at its price.
    const [restingUser, takingUser] = [await newUser(t.app), await newUser(t.app)] as [TestUser, TestUser];
    for (const u of [restingUser, takingUser]) await toFutures(t.app, u, '3000');
    const tick = Number((await contract(t.app)).tick_size);
    const book = (await t.app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT-SWAP&sz=1' })).json() as { data: { asks: string[][]; bids: string[][] }[] };
    const [ask, bid] = [book.data[0]?.asks[0]?.[0], book.data[0]?.bids[0]?.[0]];
    const ticks = ask !== undefined ? Math.round(Number(ask) / tick) - 1 : Math.round(Number(bid ?? index) / tick) + 10;
    const entry = (ticks * tick).toFixed(1);
    expect((await openOk(t.app, restingUser, { side: 'short', leverage: 10, amount: '0.01', order_type: 'limit', entry_price: entry })).status).toBe('pending');
    expect((await openOk(t.app, takingUser, { side: 'long', leverage: 10, amount: '0.01', order_type: 'limit', entry_price: entry })).filled_amount).toBe('0.01');
    // The simulated market's flow may take part of the resting short first: each of its fills is a maker's.
    const feeRates = async (u: TestUser) =>
      (await t.app.services.db.query<{ price: string; qty: string; fee: string }>('SELECT price::text, qty::text, fee::text FROM futures_fills WHERE user_id = $1', [u.userId])).rows.map(
        (r) => new Dec(r.fee).div(new Dec(r.price).mul(r.qty)).toFixed(),
      );
    expect(new Set(await feeRates(restingUser))).toEqual(new Set(['0.003']));
    expect(new Set(await feeRates(takingUser))).toEqual(new Set(['0.0009']));
    expect(await checkLedger(t.app.services.db)).toEqual([]);
    expect(await lockedMatchesHolds(t.app)).toBe(true);
  });
});
