import type { Queryable, SqlParam } from '../db/database.js';
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

/** Spot account ids by `owner|asset`: the writes address accounts by primary key, without joins. */
export type AccountIds = Map<string, string>;

export const accountKey = (owner: string, asset: string): string => `${owner}|${asset}`;

/**
 * Creates the placing users' spot accounts when missing, then reads their ids and available
 * balances. Nothing is locked: the pipeline's writes change balances by deltas, and the database's
 * non-negative check refuses a batch that was decided on a value someone else has since lowered.
 */
export async function readAccounts(
  q: Queryable,
  keys: { owner: string; asset: string }[],
  missing: { owner: string; asset: string }[],
): Promise<{ owner: string; asset: string; id: string; available: Dec }[]> {
  if (keys.length === 0) return [];
  if (missing.length > 0) await q.query(
    `INSERT INTO ledger_accounts (id, owner, asset, wallet)
     SELECT gen_random_uuid(), k.owner, k.asset, 'spot' FROM json_to_recordset($1::json) AS k(owner text, asset text)
     ON CONFLICT (owner, asset, wallet) DO NOTHING`,
    [json(missing)],
    'spot-batch-accounts',
  );
  const res = await q.query<{ id: string; owner: string; asset: string; available: string }>(
    `SELECT a.id, a.owner, a.asset, a.available::text AS available
     FROM ledger_accounts a JOIN json_to_recordset($1::json) AS k(owner text, asset text)
       ON a.owner = k.owner AND a.asset = k.asset AND a.wallet = 'spot'`,
    [json(keys)],
    'spot-batch-read',
  );
  return res.rows.map((r) => ({ owner: r.owner, asset: r.asset, id: r.id, available: new Dec(r.available) }));
}

/** Looks up the ids of existing spot accounts (makers after a restart, say) into `ids`. */
export async function findAccountIds(q: Queryable, keys: { owner: string; asset: string }[], ids: AccountIds): Promise<void> {
  if (keys.length === 0) return;
  const res = await q.query<{ id: string; owner: string; asset: string }>(
    `SELECT a.id, a.owner, a.asset FROM ledger_accounts a JOIN json_to_recordset($1::json) AS k(owner text, asset text)
       ON a.owner = k.owner AND a.asset = k.asset AND a.wallet = 'spot'`,
    [json(keys)],
    'spot-account-ids',
  );
  for (const r of res.rows) ids.set(accountKey(r.owner, r.asset), r.id);
}

/**
 * The batch's writes, one data-modifying CTE each. Every batch sends all of them (empty where it
 * has nothing), so the text never changes and PostgreSQL parses and plans it once per connection.
 * Inserts read one JSON parameter; updates join their table by primary key to `unnest` of arrays,
 * whose length the planner estimates small (a JSON set is guessed at 100 rows, which made it prefer
 * a sequential scan of all holds and orders while those tables were small). It answers the new
 * available balance of every account it changed.
 */
export const WRITE_SQL = `WITH
w0 AS (INSERT INTO holds (id, account_id, amount, reason, ref, status)
  SELECT h.id, h.account_id, h.amount, 'order', h.ref, h.status
  FROM json_to_recordset($1::json) AS h(id uuid, account_id uuid, amount numeric, ref text, status text)),
w1 AS (UPDATE holds h SET amount = d.amount, status = d.status, updated_at = now()
  FROM unnest($2::uuid[], $3::numeric[], $4::text[]) AS d(id, amount, status) WHERE h.id = d.id),
w2 AS (UPDATE ledger_accounts a SET available = a.available + d.da, locked = a.locked + d.dl
  FROM unnest($5::uuid[], $6::numeric[], $7::numeric[]) AS d(id, da, dl) WHERE a.id = d.id
  RETURNING a.id, a.available),
w3 AS (INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
    filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, updated_at)
  SELECT id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
    filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, now()
  FROM json_to_recordset($8::json) AS o(id text, seq bigint, user_id uuid, coin_id integer, symbol text, side text,
    exec_type text, tif text, price numeric, stop_price numeric, amount numeric, budget numeric, filled numeric,
    filled_quote numeric, fee numeric, fee_asset text, status text, is_open boolean, triggered boolean,
    hold_id uuid, created_at timestamptz)),
w4 AS (UPDATE spot_orders s SET filled = d.filled, filled_quote = d.filled_quote, fee = d.fee, status = d.status,
    is_open = d.is_open, triggered = d.triggered, updated_at = now()
  FROM unnest($9::text[], $10::numeric[], $11::numeric[], $12::numeric[], $13::text[], $14::boolean[], $15::boolean[])
    AS d(id, filled, filled_quote, fee, status, is_open, triggered)
  WHERE s.id = d.id),
w5 AS (INSERT INTO journal_transactions (id, kind, user_id, ref)
  SELECT id, kind, user_id, ref FROM json_to_recordset($16::json) AS t(id uuid, kind text, user_id uuid, ref text)),
w6 AS (INSERT INTO journal_entries (transaction_id, account_id, asset, amount)
  SELECT e.tx, e.account_id, e.asset, e.amount
  FROM json_to_recordset($17::json) AS e(tx uuid, account_id uuid, asset text, amount numeric)),
w7 AS (INSERT INTO spot_fills (trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at)
  SELECT trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at
  FROM json_to_recordset($18::json) AS f(trade_id bigint, order_id text, user_id uuid, symbol text, side text,
    role text, price numeric, qty numeric, fee numeric, fee_asset text, created_at timestamptz)),
w8 AS (INSERT INTO idempotency_keys (user_id, key, request_hash, response, status_code)
  SELECT user_id, key, request_hash, response, 200
  FROM json_to_recordset($19::json) AS k(user_id uuid, key text, request_hash text, response jsonb)
  ON CONFLICT (user_id, key) DO NOTHING)
SELECT id::text AS id, available::text AS available FROM w2`;

/** A batch's write, ready to send: the statement's parameters and the accounts it changes, by key. */
export interface BatchWrite {
  params: SqlParam[];
  accounts: Map<string, string>;
}

/**
 * Prepares the batch's one statement: holds, balances, orders, journal, fills and idempotency
 * answers. Account ids come from `ids`; any other account it touches is looked up first and added
 * to `ids`. Null when the batch changes nothing.
 */
export async function planWrite(q: Queryable, state: BatchState, answers: IdempotentAnswer[], ids: AccountIds): Promise<BatchWrite | null> {
  const created = [...state.created];
  const touched = [...state.touched];
  const deltas = [...state.accounts.values()].filter((a) => !a.da.isZero() || !a.dl.isZero());
  if (created.length === 0 && touched.length === 0 && deltas.length === 0 && state.journal.length === 0 && answers.length === 0) return null;
  const needed = new Map<string, { owner: string; asset: string }>();
  const need = (owner: string, asset: string) => needed.set(accountKey(owner, asset), { owner, asset });
  for (const o of created) need(o.userId, o.holdAsset);
  for (const a of deltas) need(a.owner, a.asset);
  for (const t of state.journal) for (const e of t.entries) need(e.owner, e.asset);
  const unknown = [...needed].filter(([k]) => !ids.has(k)).map(([, v]) => v);
  await findAccountIds(q, unknown, ids);
  const idOf = (owner: string, asset: string): string => {
    const id = ids.get(accountKey(owner, asset));
    if (id === undefined) throw new Error(`no spot account ${owner} ${asset}`);
    return id;
  };
  // Accounts are updated in id order, as every other writer of balances locks them.
  const changed = deltas.map((a) => ({ a, id: idOf(a.owner, a.asset) })).sort((x, y) => (x.id < y.id ? -1 : 1));
  const params: SqlParam[] = [
    json(created.map((o) => ({ id: o.holdId, account_id: idOf(o.userId, o.holdAsset), amount: o.holdLeft.toFixed(), ref: o.id, status: holdStatus(o) }))),
    touched.map((o) => o.holdId),
    touched.map((o) => o.holdLeft.toFixed()),
    touched.map(holdStatus),
    changed.map((c) => c.id),
    changed.map((c) => c.a.da.toFixed()),
    changed.map((c) => c.a.dl.toFixed()),
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
    touched.map((o) => o.id),
    touched.map((o) => o.filled.toFixed()),
    touched.map((o) => o.filledQuote.toFixed()),
    touched.map((o) => o.fee.toFixed()),
    touched.map((o) => o.status),
    touched.map((o) => o.open),
    touched.map((o) => o.triggered),
    json(state.journal.map((t) => ({ id: t.id, kind: t.kind, user_id: t.userId, ref: t.ref }))),
    json(state.journal.flatMap((t) => t.entries.map((e) => ({ tx: t.id, account_id: idOf(e.owner, e.asset), asset: e.asset, amount: e.amount })))),
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
    json(answers.map((a) => ({ user_id: a.userId, key: a.key, request_hash: a.hash, response: a.body }))),
  ];
  return { params, accounts: new Map(changed.map((c) => [c.id, accountKey(c.a.owner, c.a.asset)])) };
}

/**
 * Sends the write as one statement outside any transaction block: PostgreSQL commits it on its own,
 * in one round trip. Answers the new available balance of each changed account, by key.
 */
export async function sendWrite(q: Queryable, write: BatchWrite): Promise<Map<string, Dec>> {
  const res = await q.query<{ id: string; available: string }>(WRITE_SQL, write.params, 'spot-batch-write');
  if (res.rows.length !== write.accounts.size) throw new Error('a ledger account of the batch is missing');
  const balances = new Map<string, Dec>();
  for (const r of res.rows) balances.set(write.accounts.get(r.id) as string, new Dec(r.available));
  return balances;
}
