import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Dec } from '../../src/shared/decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, orderHistoryResponse, placeOrderResponse } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { checkLedger } from '../../src/products.js';
import { rngFor } from '../../src/shared/prng.js';
import { createPostgresDatabase, pgliteTemplate, type DbKind } from '../helpers.js';
import { ackedOrderProblems, fillTradeProblems, holdProblems, ordersOf } from './crash-checks.js';
import {
  emptyRecord,
  fundWithBtc,
  orderPath,
  quotedTouch,
  runLoad,
  signUpVerified,
  type Trader,
} from './order-load.js';
import { freePort, httpClient, startServer, type Call, type ServerChild } from './server-child.js';

/**
 * Issue 11 ("a crash test") and issue 12 ("SIGKILL during order load loses no acknowledged order
 * and no trade referred to by a fill"): the real server in its own process, several verified users
 * placing and cancelling over keep-alive HTTP, SIGKILL after a seeded number of acknowledged
 * orders, then the database as the crash left it, and the server restarted on it.
 * CRASH_SEED picks another run; a failure names the seed.
 */
const SEED = process.env.CRASH_SEED ?? 'crash-1';
const TRADERS = 8;
const ACTIONS_PER_TRADER = 70;
const HOOK_MS = 150_000;
const STEP_MS = 60_000;

describe.each<DbKind>(['postgres', 'pglite'])(`SIGKILL under order load on %s (seed ${SEED})`, (kind) => {
  const killAfterAcked = 150 + Math.floor(rngFor(SEED, kind, 'kill')() * 200);
  const traders: Trader[] = [];
  const record = emptyRecord(TRADERS);
  const env: Record<string, string> = { RATE_LIMIT_AUTH_PER_MINUTE: '0', JWT_SECRET: 'crash-test-secret', MARKET_SEED: SEED };
  let dataDir = '';
  let port = 0;
  let dropDatabase = async () => {};
  let server: ServerChild | null = null;
  let client: ReturnType<typeof httpClient> | null = null;
  let db: Database | null = null;
  let restarted = false;

  /** The database as the server left it: only while no server runs (PGlite has one process per data dir). */
  async function database(): Promise<Database> {
    if (server) throw new Error('the server is running');
    db ??= env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(path.join(dataDir, 'pglite'));
    return db;
  }

  /** The server on the same database, started again if it is not running. */
  async function running(): Promise<Call> {
    if (!server) {
      await db?.close();
      db = null;
      if (port === 0) port = await freePort();
      else restarted = true;
      server = await startServer(port, env);
      client = httpClient(server.baseUrl);
    }
    return (client as NonNullable<typeof client>).call;
  }

  async function stopServer(): Promise<number | null> {
    client?.close();
    client = null;
    const code = await (server as ServerChild).stop();
    server = null;
    return code;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-crash-'));
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
    if (kind === 'postgres') {
      // The schema from the run's template, as PGlite's below: what is tested is the kill, not a first migration.
      const created = await createPostgresDatabase('schema');
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    } else {
      // The server finds a database with the schema (PGlite's initdb took 25-33 s on a loaded machine).
      await (await openPglite(path.join(dataDir, 'pglite'), pgliteTemplate())).close();
    }
    const call = await running();
    traders.push(
      ...(await Promise.all(Array.from({ length: TRADERS }, (_, i) => signUpVerified(call, `crash.trader.${i}@example.com`)))),
    );
    await fundWithBtc(call, traders, record);
    const alive = server as ServerChild;
    const { killed } = await runLoad({
      call,
      traders,
      rngs: traders.map((_, i) => rngFor(SEED, kind, `trader-${i}`)),
      actionsPerTrader: ACTIONS_PER_TRADER,
      killAfterAcked,
      kill: () => alive.kill(),
      keyPrefix: `crash-${SEED}`,
      record,
    });
    if (!killed) {
      alive.kill();
      throw new Error(
        `the load ended after ${record.placed.length} acknowledged orders, before ${killAfterAcked}: refused ${JSON.stringify([...record.refused])}`,
      );
    }
    await alive.exited;
    server = null;
    client?.close();
    client = null;
  }, HOOK_MS);

  afterAll(async () => {
    client?.close();
    server?.kill();
    await server?.exited;
    await db?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }, HOOK_MS);

  it('answered no order or cancel with a 5xx before the kill', () => {
    expect(record.serverErrors).toEqual([]);
  });

  it('keeps every acknowledged order and cancel with the status it was answered', async () => {
    const rows = await ordersOf(await database(), traders);
    expect(record.placed.length).toBeGreaterThanOrEqual(killAfterAcked);
    expect(record.canceled.length).toBeGreaterThan(0);
    expect(ackedOrderProblems(rows, record, traders)).toEqual([]);
  }, STEP_MS);

  it('holds what every open order still needs, nothing for a closed one, and locked = live holds', async () => {
    const q = await database();
    const rows = await ordersOf(q, traders);
    expect([...rows.values()].filter((r) => r.is_open).length).toBeGreaterThan(0);
    expect(await holdProblems(q, rows, traders)).toEqual([]);
  }, STEP_MS);

  it('leaves a ledger with no breach', async () => {
    expect(await checkLedger(await database())).toEqual([]);
  }, STEP_MS);

  it('loses no trade referred to by a fill', async () => {
    const { fills, problems } = await fillTradeProblems(await database());
    expect(fills).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, STEP_MS);

  it('after a restart, answers an order retried with its Idempotency-Key with the first answer and places it once', async () => {
    const call = await running();
    const retry = (p: { trader: number; path: string; key?: string }) =>
      call('POST', p.path, { ...(traders[p.trader] as Trader).auth, 'idempotency-key': p.key as string });
    const counts = () =>
      Promise.all(
        traders.map(async (t) => {
          const res = await call('GET', `/api/v1/order-history/${t.uid}?apikey=${DEFAULT_API_KEY}&limit=500`, t.auth);
          return orderHistoryResponse.parse(JSON.parse(res.body)).length;
        }),
      );
    const keyed = record.placed.filter((p) => p.key);
    expect(keyed.length).toBeGreaterThan(0);
    const before = await counts();
    const wrong: string[] = [];
    for (const p of keyed) {
      const res = await retry(p);
      const answer = res.status === 200 ? (JSON.parse(res.body) as unknown) : null;
      if (res.status !== 200 || !isDeepStrictEqual(answer, p.answer) || res.headers['idempotent-replayed'] !== 'true') {
        wrong.push(`key ${p.key}: first ${JSON.stringify(p.answer)}, retry ${res.status} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);

    // A keyed request the kill cut off: its key now stands for one order (placed before the kill or
    // now), which the last check of this file holds it to.
    for (const u of record.unansweredKeyed) {
      const first = await retry(u);
      if (first.status !== 200) continue;
      const answer = placeOrderResponse.parse(JSON.parse(first.body));
      record.placed.push({ ...u, answer });
      record.unknown[u.trader] = (record.unknown[u.trader] ?? 0) - 1;
      const again = await retry(u);
      if (again.status !== 200 || !isDeepStrictEqual(JSON.parse(again.body), answer)) {
        wrong.push(`key ${u.key}: first retry ${first.body}, second ${again.status} ${again.body}`);
      }
    }
    expect(wrong).toEqual([]);
  }, STEP_MS);

  it('after a restart, accepts and fills new orders under new ids', async () => {
    const call = await running();
    const touch = await quotedTouch(call);
    const earlier = new Set(record.placed.map((p) => p.answer.order_id));
    const orders: { trader: number; side: 'buy' | 'sell'; query: Record<string, string> }[] = [
      { trader: 0, side: 'buy', query: { order_type: 'buy', excecution_type: 'market', amount: '0.0002' } },
      { trader: 1, side: 'sell', query: { order_type: 'sell', price: (touch.bid * 0.99).toFixed(2), amount: '0.0002' } },
    ];
    for (const o of orders) {
      const t = traders[o.trader] as Trader;
      const path = orderPath(t, o.query);
      const res = await call('POST', path, t.auth);
      expect(res.status, res.body).toBe(200);
      const answer = placeOrderResponse.parse(JSON.parse(res.body));
      record.placed.push({ trader: o.trader, path, side: o.side, answer });
      expect(answer.status).toBe('filled');
      expect(new Dec(answer.filled_amount).eq('0.0002')).toBe(true);
      expect(earlier.has(answer.order_id)).toBe(false);
    }
  }, STEP_MS);

  it('stops cleanly after the restart with orders, holds and ledger in agreement', async () => {
    await running();
    expect(await stopServer()).toBe(0);
    const q = await database();
    const rows = await ordersOf(q, traders);
    expect(ackedOrderProblems(rows, record, traders)).toEqual([]);
    expect(await holdProblems(q, rows, traders)).toEqual([]);
    expect(await checkLedger(q)).toEqual([]);
  }, STEP_MS);

  it('after the restart, every fill still refers to its own trade', async () => {
    if (!restarted) await running();
    if (server) await stopServer();
    expect((await fillTradeProblems(await database())).problems).toEqual([]);
  }, STEP_MS);
});
