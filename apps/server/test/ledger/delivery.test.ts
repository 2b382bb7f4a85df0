import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, SqlParam } from '../../src/db/database.js';
import { openLedger } from '../../src/products.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { accountRef } from '../../src/ledger/postings.js';
import { BATCH_WRITE_STATEMENT } from '../../src/ledger/statement.js';
import { Dec } from '../../src/shared/decimal.js';
import type { DbKind } from '../helpers.js';
import { createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

/**
 * When a batch's statement returns, the next batch's statement goes first and the returned batch's
 * answers right after it, in the same turn of the event loop: what the answers write (a cluster's
 * NATS replies, gathered per turn) then leaves in that turn instead of waiting a whole turn more.
 */
describe.each<DbKind>(['pglite', 'postgres'])('ledger on %s', (kind) => {
  let t: LedgerDb;
  beforeAll(async () => {
    t = await openLedgerDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a batch after the next batch's statement was sent, before the event loop's next turn", async () => {
    const marks: string[] = [];
    let writes = 0;
    const held: { release: (() => void) | null } = { release: null };
    // The database as the ledger sees it, holding the first batch's answer until the test lets it go.
    const gated: Database = Object.assign(Object.create(t.db) as Database, {
      query: async <T>(sql: string, params?: SqlParam[], name?: string) => {
        if (!name?.startsWith(BATCH_WRITE_STATEMENT)) return t.db.query<T>(sql, params, name);
        writes += 1;
        marks.push(`statement ${writes} sent`);
        const res = await t.db.query<T>(sql, params, name);
        if (writes === 1) await new Promise<void>((resolve) => (held.release = resolve));
        return res;
      },
    });
    const ledger = openLedger(gated, pino({ level: 'silent' }));
    const user = await createUser(t.db);
    await grantDemo(ledger, t.db, user.id, '100');
    const spot = accountRef(user.id, 'USDT', 'spot');
    const futures = accountRef(user.id, 'USDT', 'futures');
    const move = (label: string) =>
      ledger
        .transact({
          reads: [spot],
          run: (tx) =>
            tx.post({
              kind: 'transfer',
              userId: user.id,
              ref: null,
              legs: [
                { account: spot, amount: new Dec('-1') },
                { account: futures, amount: new Dec('1') },
              ],
            }),
        })
        .then(() => marks.push(`${label} answered`));

    const first = move('first');
    await vi.waitFor(() => expect(held.release).not.toBeNull(), { interval: 5 });
    const second = move('second');
    held.release?.();
    setImmediate(() => marks.push('next turn'));
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(marks).toContain('next turn'), { interval: 5 });

    const at = (mark: string) => marks.indexOf(mark);
    expect(marks.slice(0, 3)).toEqual(['statement 1 sent', 'statement 2 sent', 'first answered']);
    expect(at('first answered')).toBeLessThan(at('next turn'));
    expect(at('first answered')).toBeLessThan(at('second answered'));
    expect(ledger.cachedAvailable(spot)?.toFixed()).toBe('98');
  });
});

it('warns once about a job put off a thousand batches in a row, lets the event loop turn between tries, and answers it when it runs', async () => {
  const t = await openLedgerDb('pglite');
  try {
    const warnings: unknown[][] = [];
    const log = Object.assign(Object.create(pino({ level: 'silent' })) as FastifyBaseLogger, {
      warn: (...args: unknown[]) => warnings.push(args),
    });
    const ledger = openLedger(t.db, log);
    let tries = 0;
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    const answer = await ledger.transact({
      run: (tx) => {
        tries += 1;
        if (tries <= 1_500) throw tx.deferral();
        return 'ran';
      },
    });
    clearInterval(ticking);
    expect(answer).toBe('ran');
    // The retries let timers run meanwhile: they did not spin in microtasks.
    expect(turns).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[1]).toBe('a ledger job has been put off batch after batch');
  } finally {
    await t.close();
  }
});
