import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { IdRange } from '../src/db/id-range.js';
import { migrate } from '../src/db/migrations.js';
import { openPostgres } from '../src/db/postgres.js';
import { ORDER_ID_BLOCK } from '../src/modules/spot/order-service.js';
import { schema } from '../src/products.js';
import { TRADE_ID_BLOCK, Venues } from '../src/venue/venues.js';
import { createPostgresDatabase } from './helpers.js';

/**
 * Order and trade ids come from database sequences in blocks, so several server processes never
 * hand out the same id. Two pools on one database stand for two processes.
 */
describe('ids from the database on postgres', () => {
  let drop: () => Promise<void>;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    first = await openPostgres(database.url);
    second = await openPostgres(database.url);
    await migrate(first, schema);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  it.each([
    ['spot_order_ids', ORDER_ID_BLOCK],
    ['trade_ids', TRADE_ID_BLOCK],
  ] as const)('%s: ids allocated concurrently by two processes never collide', async (sequence, block) => {
    const ranges = [first, second, first, second].map((db) => new IdRange(db, sequence, block));
    const seen = new Set<number>();
    const BLOCKS = 20;
    const PER_BLOCK = 10;
    // Each range takes a few ids, then asks for one more than it holds, which makes it fetch a new
    // block while the other ranges do the same: twenty blocks each, all from the one sequence.
    await Promise.all(
      ranges.map(async (range) => {
        for (let b = 0; b < BLOCKS; b += 1) {
          await range.reserve(range.available + 1);
          for (let i = 0; i < PER_BLOCK; i += 1) {
            const id = range.take();
            expect(seen.has(id)).toBe(false);
            seen.add(id);
          }
        }
      }),
    );
    expect(seen.size).toBe(ranges.length * BLOCKS * PER_BLOCK);
    expect([...seen].every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
  });

  it('a reservation larger than a block takes the blocks it needs in one round trip, and hands out their ids in order', async () => {
    let queries = 0;
    const counted: Database = Object.assign(Object.create(first) as Database, {
      query: (...args: Parameters<Database['query']>) => {
        queries += 1;
        return first.query(...args);
      },
    });
    const range = new IdRange(counted, 'trade_ids', TRADE_ID_BLOCK);
    await range.reserve(2.5 * TRADE_ID_BLOCK);
    expect(queries).toBe(1);
    expect(range.available).toBe(3 * TRADE_ID_BLOCK);
    let previous = 0;
    let increasing = true;
    for (let i = 0; i < 3 * TRADE_ID_BLOCK; i += 1) {
      const id = range.take();
      if (id <= previous) increasing = false;
      previous = id;
    }
    expect(increasing).toBe(true);
    expect(range.available).toBe(0);
    expect(() => range.take()).toThrow(/no id reserved/);
  });

  it('a command put off for want of trade ids gets them in the next batch, however many it needs', async () => {
    const venues = new Venues(first, () => Date.now());
    const deepBook = 3 * TRADE_ID_BLOCK + 17;
    await venues.reserveTradeIds();
    expect(venues.hasTradeIds(deepBook)).toBe(false);
    await venues.reserveTradeIds();
    expect(venues.hasTradeIds(deepBook)).toBe(true);
    expect(venues.tradeIds.available).toBeGreaterThanOrEqual(deepBook);
  });

  it('a reservation never hands out an id without a block behind it', async () => {
    const range = new IdRange(first, 'spot_order_ids', ORDER_ID_BLOCK);
    expect(() => range.take()).toThrow(/no id reserved/);
    await range.reserve(1);
    expect(range.available).toBe(ORDER_ID_BLOCK);
  });
});
