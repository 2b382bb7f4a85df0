import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPglite } from '../../src/db/pglite.js';
import { checkLedger, schema } from '../../src/products.js';

const USER = '00000000-0000-4000-8000-000000000041';
const OTHER = '00000000-0000-4000-8000-000000000042';
const INST = 'BTC-USDT-SWAP';

/**
 * A database of the per-order model (version 31): the books as that model left them, written row
 * by row so each figure is known. User 1 holds two open longs (one of them with a partly closed
 * past), a resting long order, and a closed short; user 2 one open cross short. The market's net
 * position is the other side of all of it.
 */
async function oldBooks(db: Database): Promise<void> {
  const account = async (owner: string, available: string, locked: string, negative = false) => {
    const id = randomUUID();
    await db.query(`INSERT INTO ledger_accounts (id, owner, asset, wallet, available, locked, allow_negative) VALUES ($1, $2, 'USDT', 'futures', $3, $4, $5)`, [
      id,
      owner,
      available,
      locked,
      negative,
    ]);
    return id;
  };
  // Entries: a grant of 1,000 to each user; fees paid; the closed short's loss of 12 to the clearing
  // account, which passed it on to the market (clearing back to minus the open cost, here zero).
  const u1 = await account(USER, '761.9', '225.55');
  const u2 = await account(OTHER, '939.7', '60');
  const grant = await account('system:demo-grant', '-2000', '0', true);
  const fees = await account('system:fees', '0.85', '0', true);
  const market = await account('system:market-maker', '12', '0', true);
  const tx = randomUUID();
  await db.query(`INSERT INTO journal_transactions (id, kind, user_id, ref) VALUES ($1, 'test_old_books', NULL, NULL)`, [tx]);
  const entries: [string, string][] = [
    [grant, '-2000'],
    [u1, '987.45'],
    [u2, '999.7'],
    [fees, '0.85'],
    [market, '12'],
  ];
  for (const [acc, amount] of entries) {
    await db.query(`INSERT INTO journal_entries (transaction_id, account_id, asset, amount) VALUES ($1, $2, 'USDT', $3)`, [tx, acc, amount]);
  }
  const hold = async (acc: string, amount: string, status = 'live') => {
    const id = randomUUID();
    await db.query(`INSERT INTO holds (id, account_id, amount, reason, ref, status) VALUES ($1, $2, $3, 'margin', NULL, $4)`, [id, acc, amount, status]);
    return id;
  };
  const row = async (r: {
    seq: number;
    user: string;
    side: 'long' | 'short';
    mode?: 'isolated' | 'cross';
    leverage: number;
    orderQty: string;
    filled: string;
    entryCost: string;
    qty: string;
    cost: string;
    margin: string;
    fee: string;
    realized?: string;
    returned?: string;
    status: string;
    open: boolean;
    hold: string;
    price?: string;
  }) => {
    await db.query(
      `INSERT INTO futures_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage, order_price,
        order_qty, filled, entry_cost, qty, cost, margin, fee, funding, realized_pnl, returned, take_profit, stop_loss, status,
        order_open, close_price, hold_id, created_at, updated_at, closed_at)
       VALUES ($1, $2, $3, $4, 1, 'BTC', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, $18, NULL, NULL, $19, $20, NULL, $21,
        now(), now(), $22)`,
      [
        String(r.seq),
        r.seq,
        r.user,
        INST,
        r.side,
        r.mode ?? 'isolated',
        r.price ? 'limit' : 'market',
        r.leverage,
        r.price ?? null,
        r.orderQty,
        r.filled,
        r.entryCost,
        r.qty,
        r.cost,
        r.margin,
        r.fee,
        r.realized ?? '0',
        r.returned ?? '0',
        r.status,
        r.open,
        r.hold,
        r.status === 'closed' ? new Date().toISOString() : null,
      ],
    );
  };
  // Long 0.01 at 60,000 (margin 30); long 0.03 at 60,500 of which 0.01 was deleveraged (margin 60.5
  // left on 0.02, the hold keeps the rest of the reservation of a resting rest: 0.01 more at 60,500).
  await row({ seq: 1, user: USER, side: 'long', leverage: 20, orderQty: '0.01', filled: '0.01', entryCost: '600', qty: '0.01', cost: '600', margin: '30', fee: '0.3', status: 'active', open: false, hold: await hold(u1, '30') });
  await row({ seq: 2, user: USER, side: 'long', leverage: 20, orderQty: '0.04', filled: '0.03', entryCost: '1815', qty: '0.02', cost: '1210', margin: '60.5', fee: '0.25', realized: '0', returned: '30.25', status: 'active', open: true, price: '60500', hold: await hold(u1, '90.8') });
  // A resting long with nothing filled, and a closed short (its hold spent).
  await row({ seq: 3, user: USER, side: 'long', leverage: 20, orderQty: '0.05', filled: '0', entryCost: '0', qty: '0', cost: '0', margin: '0', fee: '0', status: 'pending', open: true, price: '50000', hold: await hold(u1, '104.75') });
  await row({ seq: 4, user: USER, side: 'short', leverage: 10, orderQty: '0.01', filled: '0.01', entryCost: '600', qty: '0', cost: '0', margin: '0', fee: '0', realized: '-12', returned: '48', status: 'closed', open: false, hold: await hold(u1, '0', 'consumed') });
  // User 2: a cross short of 0.01 at 60,000.
  await row({ seq: 5, user: OTHER, side: 'short', mode: 'cross', leverage: 10, orderQty: '0.01', filled: '0.01', entryCost: '600', qty: '0.01', cost: '600', margin: '60', fee: '0.3', status: 'active', open: false, hold: await hold(u2, '60') });
  await db.query(`INSERT INTO futures_fills (trade_id, position_id, user_id, inst_id, action, price, qty, fee, pnl, created_at) VALUES
    (1, '1', $1, $3, 'open', 60000, 0.01, 0.3, 0, now()), (2, '2', $1, $3, 'open', 60500, 0.03, 0.25, 0, now()),
    (NULL, '2', $1, $3, 'adl', 60500, 0.01, 0, 0, now()), (3, '4', $1, $3, 'open', 60000, 0.01, 0, 0, now()),
    (4, '4', $1, $3, 'close', 61200, 0.01, 0, -12, now()), (5, '5', $2, $3, 'open', 60000, 0.01, 0.3, 0, now())`, [USER, OTHER, INST]);
  // The market: short the users' 0.03 long (cost 1,810), long their 0.01 short (cost 600).
  await db.query(`INSERT INTO futures_system_positions (inst_id, owner, qty, cost) VALUES ($1, 'system:market-maker', -0.02, 1210)`, [INST]);
}

describe('the migration of per-order futures positions (version 32)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(
      db,
      schema.filter((m) => m.version < 32),
    );
    await oldBooks(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('keeps every balance and a clean ledger check, and merges the open rows of one key into one position', async () => {
    const balances = `SELECT owner, available::text, locked::text FROM ledger_accounts ORDER BY owner`;
    const before = (await db.query(balances)).rows;
    await migrate(db, schema);
    expect((await db.query(balances)).rows).toEqual(before);
    expect(await checkLedger(db)).toEqual([]);

    const positions = await db.query<{ id: string; user_id: string; side: string; qty: string; cost: string; margin: string; fee: string; status: string; entry: string | null }>(
      `SELECT id, user_id, side, qty::text, cost::text, margin::text, fee::text, status, (cost / NULLIF(qty, 0))::numeric(36, 2)::text AS entry
       FROM futures_user_positions ORDER BY seq`,
    );
    const trim = (v: string) => String(Number(v));
    expect(positions.rows.map((p) => [p.id, p.side, trim(p.qty), trim(p.cost), trim(p.margin), trim(p.fee), p.status, p.entry])).toEqual([
      // Rows 1 and 2 are one long: 0.03 at (600 + 1,210) / 0.03 = 60,333.33, margin 30 + 60.5.
      ['1', 'long', '0.03', '1810', '90.5', '0.55', 'active', '60333.33'],
      ['4', 'short', '0', '0', '0', '0', 'closed', null],
      ['5', 'short', '0.01', '600', '60', '0.3', 'active', '60000.00'],
    ]);
    const holds = await db.query<{ id: string; amount: string; status: string }>(
      `SELECT p.id, h.amount::text AS amount, h.status FROM futures_user_positions p JOIN holds h ON h.id = p.hold_id ORDER BY p.seq`,
    );
    expect(holds.rows.map((h) => [h.id, trim(h.amount), h.status])).toEqual([
      ['1', '90.5', 'live'],
      ['4', '0', 'consumed'],
      ['5', '60', 'live'],
    ]);
    const orders = await db.query<{ id: string; position_id: string | null; status: string; qty: string; hold: string }>(
      `SELECT o.id, o.position_id, o.status, o.qty::text AS qty, h.amount::text AS hold FROM futures_positions o JOIN holds h ON h.id = o.hold_id ORDER BY o.seq`,
    );
    // The orders keep their history; what they held beyond the margin (a resting rest) stays on their hold.
    expect(orders.rows.map((o) => [o.id, o.position_id, o.status, trim(o.qty), trim(o.hold)])).toEqual([
      ['1', '1', 'active', '0', '0'],
      ['2', '1', 'active', '0', '30.3'],
      ['3', null, 'pending', '0', '104.75'],
      ['4', '4', 'closed', '0', '0'],
      ['5', '5', 'active', '0', '0'],
    ]);
    const fills = await db.query<{ position_id: string; order_id: string }>(`SELECT position_id, order_id FROM futures_fills ORDER BY id`);
    expect(fills.rows.map((f) => [f.position_id, f.order_id])).toEqual([
      ['1', '1'],
      ['1', '2'],
      ['1', '2'],
      ['4', '4'],
      ['4', '4'],
      ['5', '5'],
    ]);
  });
});
