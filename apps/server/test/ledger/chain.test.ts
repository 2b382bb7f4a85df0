import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerTx } from '../../src/ledger/ledger.js';
import { openLedgerDb, type LedgerDb } from './ledger-db.js';

/** A call's orders go to the ledger together as one chain (trading-api-private's placeOkxOrders): they must still run in their order. */
describe('ledger jobs of one chain', () => {
  let t: LedgerDb;
  beforeAll(async () => {
    t = await openLedgerDb('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts a chain’s later jobs off with an earlier one, so they run after it; jobs of no chain do not wait', async () => {
    const ran: string[] = [];
    const job = (name: string, deferOnce: boolean, chain?: object) => {
      let deferred = false;
      return {
        chain,
        run: (tx: LedgerTx) => {
          if (deferOnce && !deferred) {
            deferred = true;
            throw tx.deferral();
          }
          ran.push(name);
          return name;
        },
      };
    };
    const chain = {};
    // All submitted in one turn: one batch takes them, in this order.
    const answers = await Promise.all([
      t.ledger.transact(job('chained first', true, chain)),
      t.ledger.transact(job('chained second', false, chain)),
      t.ledger.transact(job('free first', true)),
      t.ledger.transact(job('free second', false)),
    ]);
    expect(answers).toEqual(['chained first', 'chained second', 'free first', 'free second']);
    // The free pair's second job ran in the first batch, before its put-off first; the chain kept its order.
    expect(ran.indexOf('free second')).toBeLessThan(ran.indexOf('free first'));
    expect(ran.indexOf('chained first')).toBeLessThan(ran.indexOf('chained second'));
    expect(ran.indexOf('free second')).toBeLessThan(ran.indexOf('chained second'));
  });
});
