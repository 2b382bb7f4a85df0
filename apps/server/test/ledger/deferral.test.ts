import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { expect, it } from 'vitest';
import { openLedger } from '../../src/products.js';
import { openLedgerDb } from './ledger-db.js';

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
