import type { Queryable } from '../db/database.js';
import { Dec } from '../market/decimal.js';
import type { BatchState } from './batch-state.js';
import type { LiveOrder } from './types.js';

/** One JSON parameter per statement: a batch of any size costs a fixed number of round trips. */
const json = (rows: unknown[]): string => JSON.stringify(rows);

export interface IdempotentAnswer {
  userId: string;
  key: string;
  hash: string;
  body: unknown;
}

function holdStatus(o: LiveOrder): string {
  if (o.open) return 'live';
  return o.holdLeft.gt(0) ? 'released' : 'consumed';
}

/** Creates the placing users' spot accounts when missing, then locks and reads them in id order. */
export async function lockAccounts(
  q: Queryable,
  state: BatchState,
  keys: { owner: string; asset: string }[],
  missing: { owner: string; asset: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  if (missing.length > 0) await q.query(
    `INSERT INTO ledger_accounts (id, owner, asset, wallet)
     SELECT gen_random_uuid(), k.owner, k.asset, 'spot' FROM json_to_recordset($1::json) AS k(owner text, asset text)
     ON CONFLICT (owner, asset, wallet) DO NOTHING`,
    [json(missing)],
  );
  const res = await q.query<{ owner: string; asset: string; available: string }>(
    `SELECT a.owner, a.asset, a.available::text AS available
     FROM ledger_accounts a JOIN json_to_recordset($1::json) AS k(owner text, asset text)
       ON a.owner = k.owner AND a.asset = k.asset AND a.wallet = 'spot'
     ORDER BY a.id FOR UPDATE OF a`,
    [json(keys)],
  );
  for (const r of res.rows) state.account(r.owner, r.asset).loaded = new Dec(r.available);
}

/** Writes the batch: holds, balances, orders, journal, fills and idempotency answers. */
export async function writeBatch(q: Queryable, state: BatchState, answers: IdempotentAnswer[]): Promise<void> {
  const parts: { sql: string; param: string }[] = [];
  const add = (sql: string, [param]: [string]): void => {
    parts.push({ sql, param });
  };
  const created = [...state.created];
  const touched = [...state.touched];
  if (created.length > 0) {
    add(
      `INSERT INTO holds (id, account_id, amount, reason, ref, status)
       SELECT h.id, a.id, h.amount, 'order', h.ref, h.status
       FROM json_to_recordset($1::json) AS h(id uuid, owner text, asset text, amount numeric, ref text, status text)
       JOIN ledger_accounts a ON a.owner = h.owner AND a.asset = h.asset AND a.wallet = 'spot'`,
      [json(created.map((o) => ({ id: o.holdId, owner: o.userId, asset: o.holdAsset, amount: o.holdLeft.toFixed(), ref: o.id, status: holdStatus(o) })))],
    );
  }
  if (touched.length > 0) {
    add(
      `UPDATE holds h SET amount = d.amount, status = d.status, updated_at = now()
       FROM json_to_recordset($1::json) AS d(id uuid, amount numeric, status text) WHERE h.id = d.id`,
      [json(touched.map((o) => ({ id: o.holdId, amount: o.holdLeft.toFixed(), status: holdStatus(o) })))],
    );
  }
  const deltas = [...state.accounts.values()]
    .filter((a) => !a.da.isZero() || !a.dl.isZero())
    .sort((x, y) => (x.owner + x.asset < y.owner + y.asset ? -1 : 1));
  if (deltas.length > 0) {
    add(
      `UPDATE ledger_accounts a SET available = a.available + d.da, locked = a.locked + d.dl
       FROM json_to_recordset($1::json) AS d(owner text, asset text, da numeric, dl numeric)
       WHERE a.owner = d.owner AND a.asset = d.asset AND a.wallet = 'spot' RETURNING 1 AS one`,
      [json(deltas.map((a) => ({ owner: a.owner, asset: a.asset, da: a.da.toFixed(), dl: a.dl.toFixed() })))],
    );
  }
  if (created.length > 0) {
    add(
      `INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
         filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, updated_at)
       SELECT id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
         filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, now()
       FROM json_to_recordset($1::json) AS o(id text, seq bigint, user_id uuid, coin_id integer, symbol text, side text,
         exec_type text, tif text, price numeric, stop_price numeric, amount numeric, budget numeric, filled numeric,
         filled_quote numeric, fee numeric, fee_asset text, status text, is_open boolean, triggered boolean,
         hold_id uuid, created_at timestamptz)`,
      [
        json(
          created.map((o) => ({
            id: o.id,
            seq: o.seq,
            user_id: o.userId,
            coin_id: o.coin.pair_id,
            symbol: o.coin.symbol,
            side: o.side,
            exec_type: o.execType,
            tif: o.tif,
            price: o.price,
            stop_price: o.stopPrice,
            amount: o.amount,
            budget: o.budget,
            filled: o.filled.toFixed(),
            filled_quote: o.filledQuote.toFixed(),
            fee: o.fee.toFixed(),
            fee_asset: o.feeAsset,
            status: o.status,
            is_open: o.open,
            triggered: o.triggered,
            hold_id: o.holdId,
            created_at: o.createdAt.toISOString(),
          })),
        ),
      ],
    );
  }
  if (touched.length > 0) {
    add(
      `UPDATE spot_orders s SET filled = d.filled, filled_quote = d.filled_quote, fee = d.fee, status = d.status,
         is_open = d.is_open, triggered = d.triggered, updated_at = now()
       FROM json_to_recordset($1::json) AS d(id text, filled numeric, filled_quote numeric, fee numeric, status text,
         is_open boolean, triggered boolean)
       WHERE s.id = d.id`,
      [
        json(
          touched.map((o) => ({
            id: o.id,
            filled: o.filled.toFixed(),
            filled_quote: o.filledQuote.toFixed(),
            fee: o.fee.toFixed(),
            status: o.status,
            is_open: o.open,
            triggered: o.triggered,
          })),
        ),
      ],
    );
  }
  if (state.journal.length > 0) {
    add(
      `INSERT INTO journal_transactions (id, kind, user_id, ref)
       SELECT id, kind, user_id, ref FROM json_to_recordset($1::json) AS t(id uuid, kind text, user_id uuid, ref text)`,
      [json(state.journal.map((t) => ({ id: t.id, kind: t.kind, user_id: t.userId, ref: t.ref })))],
    );
    add(
      `INSERT INTO journal_entries (transaction_id, account_id, asset, amount)
       SELECT e.tx, a.id, e.asset, e.amount
       FROM json_to_recordset($1::json) AS e(tx uuid, owner text, asset text, amount numeric)
       JOIN ledger_accounts a ON a.owner = e.owner AND a.asset = e.asset AND a.wallet = 'spot'`,
      [json(state.journal.flatMap((t) => t.entries.map((e) => ({ tx: t.id, ...e }))))],
    );
  }
  if (state.fills.length > 0) {
    add(
      `INSERT INTO spot_fills (trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at)
       SELECT trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at
       FROM json_to_recordset($1::json) AS f(trade_id bigint, order_id text, user_id uuid, symbol text, side text,
         role text, price numeric, qty numeric, fee numeric, fee_asset text, created_at timestamptz)`,
      [
        json(
          state.fills.map((f) => ({
            trade_id: f.tradeId,
            order_id: f.orderId,
            user_id: f.userId,
            symbol: f.symbol,
            side: f.side,
            role: f.role,
            price: f.price,
            qty: f.qty,
            fee: f.fee,
            fee_asset: f.feeAsset,
            created_at: new Date(f.ts).toISOString(),
          })),
        ),
      ],
    );
  }
  if (answers.length > 0) {
    add(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, response, status_code)
       SELECT user_id, key, request_hash, response, 200
       FROM json_to_recordset($1::json) AS k(user_id uuid, key text, request_hash text, response jsonb)
       ON CONFLICT (user_id, key) DO NOTHING`,
      [json(answers.map((a) => ({ user_id: a.userId, key: a.key, request_hash: a.hash, response: a.body })))],
    );
  }
  if (parts.length === 0) return;
  // One statement, one round trip: data-modifying CTEs all run, and the foreign keys are checked at its end.
  const ctes = parts.map((p, i) => `w${i} AS (${p.sql.replaceAll('$1', `$${i + 1}`)})`);
  const updated = parts.findIndex((p) => p.sql.startsWith('UPDATE ledger_accounts'));
  const res = await q.query<{ updated: string }>(
    `WITH ${ctes.join(',\n')} SELECT ${updated >= 0 ? `(SELECT count(*) FROM w${updated})` : '0'}::text AS updated`,
    parts.map((p) => p.param),
  );
  if (updated >= 0 && Number(res.rows[0]?.updated) !== deltas.length) throw new Error('a ledger account of the batch is missing');
}
