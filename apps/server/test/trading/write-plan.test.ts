import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPostgres } from '../../src/db/postgres.js';
import { answersWriter } from '../../src/ledger/idempotency.js';
import type { RecordWriter } from '../../src/ledger/records.js';
import { BatchStatements } from '../../src/ledger/statement.js';
import { LedgerBatch } from '../../src/ledger/batch.js';
import { accountRef } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import type { LiveOrder } from '../../src/modules/spot/types.js';
import { fillsWriter, ordersInsertWriter, ordersUpdateWriter } from '../../src/modules/spot/records.js';
import { transfersWriter } from '../../src/modules/wallets/transfer-service.js';
import { schema } from '../../src/products.js';
import { tradesWriter } from '../../src/venue/trade-records.js';
import { createPostgresDatabase } from '../helpers.js';

/**
 * Sized so a sequential scan of either table costs more than the 10 primary-key lookups `unnest`
 * is estimated at, but less than the 100 a JSON set is guessed at: then the plan tells them apart.
 * Much larger tables (spot_orders from about 15,000 rows) would hide the JSON set's regression.
 */
const ROWS = 10_000;
const USER_ID = '00000000-0000-4000-8000-000000000001';
const ACCOUNT_ID = '00000000-0000-4000-8000-000000000002';
/** Row `g` of the fixture is hold `holdSql(g)` and order `o<g>`. */
const holdSql = (g: string) => `('10000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const HOLD_1 = '10000000-0000-4000-8000-000000000001';

const WRITERS = [answersWriter, transfersWriter, ordersInsertWriter, ordersUpdateWriter, fillsWriter, tradesWriter] as RecordWriter<never>[];

/** A batch that touches one hold, one order and one account: the hold released, the order canceled. */
function cancelBatch(): LedgerBatch {
  const batch = new LedgerBatch();
  const account = accountRef(USER_ID, 'USDT', 'spot');
  batch.release({ id: HOLD_1, account, reason: 'order', ref: 'o1', left: new Dec('0.5'), status: 'live' });
  const order = { id: 'o1', filled: new Dec('0.5'), filledQuote: new Dec('25000'), fee: new Dec(0), status: 'canceled', open: false, triggered: false };
  batch.record(ordersUpdateWriter, order as unknown as LiveOrder);
  return batch;
}

/** The statement the ledger writes that batch with, and its arguments as SQL literals (EXPLAIN EXECUTE takes no bound parameters). */
const WRITE = new BatchStatements(WRITERS).of(cancelBatch(), () => ACCOUNT_ID);
/** Each parameter's type, as the statement casts it (`$n::type`). */
const PARAM_TYPES: string[] = [];
for (const m of WRITE.sql.matchAll(/\$(\d+)::([a-z]+(?:\[\])?)/g)) PARAM_TYPES[Number(m[1]) - 1] ??= m[2] as string;
if (PARAM_TYPES.length !== WRITE.params.length || PARAM_TYPES.some((t) => t === undefined)) throw new Error('a parameter of the batch statement is not cast to its type');
const ARGS = WRITE.params.map((v, i) => `'${String(v).replaceAll("'", "''")}'::${PARAM_TYPES[i]}`);

async function seed(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO users (id, uid, email, password_hash, referral_code, created_at)
     VALUES ($1, 1, 'plan@example.com', 'x', 'PLAN01', now())`,
    [USER_ID],
  );
  await db.query(`INSERT INTO ledger_accounts (id, owner, asset, wallet, locked) VALUES ($1, $2, 'USDT', 'spot', 1000000)`, [
    ACCOUNT_ID,
    USER_ID,
  ]);
  await db.query(
    `INSERT INTO holds (id, account_id, amount, reason, ref, status)
     SELECT ${holdSql('g')}, $1, 1, 'order', 'o' || g, 'live' FROM generate_series(1, ${ROWS}) AS g`,
    [ACCOUNT_ID],
  );
  await db.query(
    `INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, amount, fee_asset,
       status, is_open, hold_id, created_at, updated_at)
     SELECT 'o' || g, g, $1, 1, 'BTCUSDT', 'buy', 'limit', 'GTC', 50000, 1, 'BTC', 'pending', true, ${holdSql('g')}, now(), now()
     FROM generate_series(1, ${ROWS}) AS g`,
    [USER_ID],
  );
  await db.query('ANALYZE');
}

/** The plans PostgreSQL picks for the batch write, generic (as a prepared statement reuses) and custom. */
async function explainWrite(db: Database): Promise<{ generic: string; custom: string }> {
  const tx = await db.begin();
  try {
    await tx.query(`PREPARE pw (${PARAM_TYPES.join(', ')}) AS ${WRITE.sql}`);
    const explain = async (mode: string): Promise<string> => {
      await tx.query(`SET LOCAL plan_cache_mode = ${mode}`);
      const res = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE pw(${ARGS.join(', ')})`);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const generic = await explain('force_generic_plan');
    const custom = await explain('force_custom_plan');
    await tx.query('DEALLOCATE pw');
    return { generic, custom };
  } finally {
    await tx.rollback();
  }
}

describe('the batch write plan on postgres', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let plans: { generic: string; custom: string };

  beforeAll(async () => {
    const database = await createPostgresDatabase('schema');
    drop = database.drop;
    db = await openPostgres(database.url);
    await migrate(db, schema);
    await seed(db);
    plans = await explainWrite(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it.each(['generic', 'custom'] as const)('the %s plan updates holds and orders by primary key, without scanning them', (mode) => {
    const plan = plans[mode];
    expect(plan).toContain('Index Scan using holds_pkey');
    expect(plan).toContain('Index Scan using spot_orders_pkey');
    expect(plan).not.toContain('Seq Scan on holds');
    expect(plan).not.toContain('Seq Scan on spot_orders');
  });
});
