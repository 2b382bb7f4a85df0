import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, type OpenFuturesQuery } from '@exchange/contract';
import { parseOpen } from '../../src/modules/futures/index.js';
import { checkLedger } from '../../src/products.js';
import { bearer, startApp, type DbKind, type TestApp } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { driveIndex, openOk, toFutures, userPositionList } from './futures-helpers.js';

/**
 * A position closed in full and its key (user, contract, side, margin mode) opened again within one
 * ledger batch: the batch statement ends the old row and inserts the new one, and the unique index
 * on a key's open position (futures_user_positions_one_open) must not refuse it on either database.
 * Jobs handed to the ledger in one turn of the event loop run in one batch (ledger.ts, `transact`).
 */
describe.each<DbKind>(['pglite', 'postgres'])('a position closed and reopened in one ledger batch on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  }, 180_000);
  afterAll(() => closeChecked(t));

  const service = () => t.app.services.core.futures.service;
  const request = (u: TestUser, side: 'long' | 'short', amount: string) => {
    const query: OpenFuturesQuery = {
      uid: u.uid,
      transaction_type: side === 'long' ? 'BUY MORE' : 'SELL SHORT',
      symbol: 'BTC',
      amount,
      side,
      position_action: 'open',
      margin_mode: 'isolated',
      order_type: 'market',
      leverage: 10,
    };
    return parseOpen(query, u.userId);
  };
  /** Runs `calls` and answers their results with how many ledger batches ran meanwhile. */
  async function counted<T>(calls: () => Promise<T>): Promise<{ result: T; batches: number }> {
    let batches = 0;
    const counter = {
      beforeBatch: async () => {
        batches += 1;
      },
      begin: () => undefined,
      committed: () => undefined,
      failed: async () => undefined,
    };
    t.app.services.core.ledger.participate(counter);
    try {
      return { result: await calls(), batches };
    } finally {
      t.app.services.core.ledger.leave(counter);
    }
  }
  const openRows = async (userId: string) =>
    (await t.app.services.db.query<{ id: string; side: string }>(`SELECT id, side FROM futures_user_positions WHERE user_id = $1 AND status = 'active'`, [userId])).rows;

  it('hedge mode: a close of the whole long and a new long in one batch leave one open long, the new one', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const first = await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 10 });
    const { result, batches } = await counted(() => Promise.all([service().close(u.userId, first.position_id as string), service().open(request(u, 'long', '0.003'))]));
    expect(batches).toBe(1);
    const [closed, reopened] = result;
    expect(closed.success).toBe(true);
    expect(reopened.answer.filled_amount).toBe('0.003');
    expect(reopened.answer.position_id).not.toBe(first.position_id);
    expect(await openRows(u.userId)).toEqual([{ id: reopened.answer.position_id, side: 'long' }]);
    expect((await userPositionList(t.app, u, 'closed')).map((p) => p.position_id)).toEqual([first.position_id]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('one-way mode: a short order netting the whole long and a new long order in one batch', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const set = await t.app.inject({ method: 'PUT', url: `/api/v1/futures/position-mode?apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token), payload: { position_mode: 'one_way' } });
    expect(set.statusCode, set.body).toBe(200);
    const first = await openOk(t.app, u, { side: 'long', amount: '0.002', leverage: 10 });
    const { result, batches } = await counted(() => Promise.all([service().open(request(u, 'short', '0.002')), service().open(request(u, 'long', '0.001'))]));
    expect(batches).toBe(1);
    const [netted, reopened] = result;
    expect(netted.answer.position_id).toBe(first.position_id);
    expect(reopened.answer.position_id).not.toBe(first.position_id);
    expect(await openRows(u.userId)).toEqual([{ id: reopened.answer.position_id, side: 'long' }]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
