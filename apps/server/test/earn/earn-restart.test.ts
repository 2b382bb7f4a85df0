import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import type { AppConfig } from '../../src/config.js';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { createPostgresDatabase, manualClock, signUpUser, testConfig, type DbKind, RESTART_TEST_MS } from '../helpers.js';
import { accrualRows, balance, positions, subscribe, toNextDay } from './earn-helpers.js';

const USDT_DAY = new Dec(1000).mul('0.045').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);

/**
 * The Earn job across restarts and processes: days missed while the server was down are paid on
 * the first pass after it, each once; two processes on one PostgreSQL pay each day once between
 * them; a redemption whose process died after claiming it is finished by the job.
 */
describe.each<DbKind>(['pglite', 'postgres'])('the Earn job across restarts on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const c of cleanups.reverse()) await c();
  });

  async function config(now: () => Date): Promise<AppConfig> {
    const base = { now, jwtTtlSeconds: 90 * 86_400 };
    if (kind === 'pglite') {
      const cfg = testConfig({ ...base, pgliteInMemory: false });
      cleanups.push(async () => rmSync(cfg.dataDir, { recursive: true, force: true }));
      return cfg;
    }
    const database = await createPostgresDatabase('schema');
    cleanups.push(database.drop);
    return testConfig({ ...base, databaseUrl: database.url });
  }

  async function open(cfg: AppConfig): Promise<App> {
    const app = await buildApp(cfg);
    apps.push(app);
    return app;
  }

  it('pays the days missed while down once, and finishes an abandoned redemption', async () => {
    const clock = manualClock();
    const cfg = await config(clock.now);
    let app = await open(cfg);
    const u = await signUpUser(app, 'restart');
    await app.services.earn.service.subscribe(u.userId, { productId: 'USDT-FLEX', amount: '1000', source: 'spot' });
    const second = await subscribe(app, u, { product_id: 'USDT-FLEX', amount: '2', source: 'spot' });
    expect(second.statusCode).toBe(201);
    toNextDay(clock);
    toNextDay(clock);
    await app.services.earn.accrual.run();
    expect(await accrualRows(app, 'USDT-FLEX')).toHaveLength(1);
    await app.close();

    // Down for three whole days.
    for (let i = 0; i < 3; i++) toNextDay(clock);
    app = await open(cfg);
    await app.services.earn.accrual.run();
    await app.services.earn.accrual.run();
    const rows = await accrualRows(app, 'USDT-FLEX');
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.day)).size).toBe(4);
    const small = new Dec(2).mul('0.045').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);
    expect(await balance(app, u.userId, 'USDT', 'funding')).toBe(USDT_DAY.plus(small).mul(4).toFixed());

    // A process claimed the redemption of the small position and died before moving the money.
    const small2 = (await positions(app, u)).find((p) => p.principal === '2');
    if (!small2) throw new Error('no 2 USDT position');
    await app.services.db.query(`UPDATE earn_positions SET status = 'redeeming', redeem_requested_at = $2 WHERE id = $1`, [small2.id, clock.now().toISOString()]);
    clock.advance(60_000);
    await app.services.earn.accrual.run();
    const after = (await positions(app, u)).find((p) => p.id === small2.id);
    expect(after?.status).toBe('redeemed');
    expect(await balance(app, u.userId, 'USDT', 'spot')).toBe('9000');
    expect(await checkLedger(app.services.db)).toEqual([]);
  }, RESTART_TEST_MS);

  it.runIf(kind === 'postgres')('pays each day once when two processes run the job at the same time', async () => {
    const clock = manualClock();
    const cfg = await config(clock.now);
    const a = await open(cfg);
    const b = await open(cfg);
    const u = await signUpUser(a, 'two-processes');
    await a.services.earn.service.subscribe(u.userId, { productId: 'USDT-FLEX', amount: '1000', source: 'spot' });
    // The second position is booked by the other process, whose balance cache never saw the first.
    await b.services.earn.service.subscribe(u.userId, { productId: 'USDT-7D', amount: '10', source: 'spot' });
    for (let i = 0; i < 4; i++) toNextDay(clock);
    await Promise.all([a.services.earn.accrual.run(), b.services.earn.accrual.run(), a.services.earn.accrual.run(), b.services.earn.accrual.run()]);
    await Promise.all([a.services.earn.accrual.run(), b.services.earn.accrual.run()]);
    const flexible = await accrualRows(a, 'USDT-FLEX');
    const fixed = await accrualRows(a, 'USDT-7D');
    expect(flexible).toHaveLength(3);
    expect(fixed).toHaveLength(3);
    const fixedDay = new Dec(10).mul('0.06').div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);
    expect(await balance(a, u.userId, 'USDT', 'funding')).toBe(USDT_DAY.plus(fixedDay).mul(3).toFixed());
    expect(await checkLedger(a.services.db)).toEqual([]);
  });
});
