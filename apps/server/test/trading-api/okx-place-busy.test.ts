import { describe, expect, it } from 'vitest';
import type { OkxPlaceOrderBody } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { LedgerBusy } from '../../src/ledger/errors.js';
import { placeOkxOrders, type PlaceDeps } from '../../src/modules/trading-api-private/place-order.js';

const order = (clOrdId: string, extra: Partial<OkxPlaceOrderBody> = {}): OkxPlaceOrderBody => ({
  instId: 'BTC-USDT',
  tdMode: 'cash',
  side: 'buy',
  ordType: 'limit',
  px: '1000',
  sz: '0.01',
  clOrdId,
  ...extra,
});

/** Deps whose spot service says its ledger queue is full, counting what reaches the database and the service. */
function fullQueue() {
  const reached = { queries: 0, places: 0 };
  const db = {
    query: () => {
      reached.queries += 1;
      return Promise.resolve({ rows: [], rowCount: 0 });
    },
  } as unknown as Database;
  const deps: PlaceDeps = {
    db,
    trading: {
      busy: () => true,
      place: () => {
        reached.places += 1;
        return Promise.reject(new LedgerBusy());
      },
      cancel: () => Promise.reject(new Error('not in this test')),
    },
    now: () => new Date(0),
    lastPrice: () => '1000',
    halts: { assertOpen: () => undefined },
  };
  return { deps, reached };
}

describe('OKX order entry with the ledger queue full', () => {
  it('answers every order 50013 at once: nothing is read or written and no order reaches the spot service', async () => {
    const { deps, reached } = fullQueue();
    const acks = await placeOkxOrders(deps, '00000000-0000-4000-8000-000000000001', [order('a'), order('b'), order('c', { tdMode: 'cross' }), order('a')]);
    expect(acks.map((a) => [a.clOrdId, a.sCode])).toEqual([
      ['a', '50013'],
      ['b', '50013'],
      // What is wrong with an order is still said, as when the queue has room.
      ['c', '51000'],
      ['a', '51016'],
    ]);
    expect(acks[0]).toMatchObject({ ordId: '', sMsg: 'Systems are busy. Please try again later.', ts: '0' });
    expect(reached).toEqual({ queries: 0, places: 0 });
  });

  it('refuses without a stack trace, which past capacity cost a tenth of the CPU', () => {
    const busy = new LedgerBusy();
    expect(busy.stack?.split('\n').filter((line) => line.trim().startsWith('at '))).toEqual([]);
    expect(new Error('still has one').stack).toMatch(/\n\s+at /);
  });
});
