import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPglite } from '../../src/db/pglite.js';
import { schema } from '../../src/products.js';

const USER = '00000000-0000-4000-8000-000000000061';
const OTHER = '00000000-0000-4000-8000-000000000062';

/** Two spot orders of version 58's schema, with a clOrdId each in okx_client_orders, and one with none. */
async function oldOrders(db: Database): Promise<void> {
  const order = (id: string, seq: number, userId: string) =>
    db.query(
      `INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget, filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, updated_at)
       VALUES ($1, $2, $3, 1, 'BTC', 'buy', 'limit', 'GTC', 1000, NULL, 0.01, NULL, 0, 0, 0, 'BTC', 'pending', true, false, $4, now(), now())`,
      [id, seq, userId, randomUUID()],
    );
  await order('101', 101, USER);
  await order('102', 102, USER);
  await order('103', 103, OTHER);
  const clientIds = (userId: string, clOrdId: string, tag: string, orderId: string | null) =>
    db.query(`INSERT INTO okx_client_orders (user_id, cl_ord_id, tag, order_id, created_at) VALUES ($1, $2, $3, $4, now())`, [userId, clOrdId, tag, orderId]);
  await clientIds(USER, 'bot1', 'grid', '101');
  await clientIds(USER, '', 'onlyTag', '102');
  // A row naming another user's order must not land on it.
  await clientIds(USER, 'stray', '', '103');
  // A reservation a stopped process left unbound.
  await clientIds(USER, 'lost', '', null);
}

describe('the move of spot clOrdIds onto the orders (versions 59 and 60)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(
      db,
      schema.filter((m) => m.version < 59),
    );
    await oldOrders(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('gives each order its clOrdId and tag, leaves others empty, and drops the old table', async () => {
    await migrate(db, schema);
    const rows = await db.query(`SELECT id, cl_ord_id, tag FROM spot_orders ORDER BY seq`);
    expect(rows.rows).toEqual([
      { id: '101', cl_ord_id: 'bot1', tag: 'grid' },
      { id: '102', cl_ord_id: '', tag: 'onlyTag' },
      { id: '103', cl_ord_id: '', tag: '' },
    ]);
    const table = await db.query(`SELECT to_regclass('okx_client_orders') AS t`);
    expect(table.rows).toEqual([{ t: null }]);
  });
});
