import type { SqlParam } from '../db/database.js';
import type { LedgerBatch } from './batch.js';
import type { AccountRef, Hold } from './postings.js';
import { jsonRows, type RecordWriter } from './records.js';

/**
 * Part of the error PostgreSQL raises when a batch carried a venue lease epoch that is no longer the
 * lease's: the process that wrote it lost the venues to another.
 */
export const VENUE_LEASE_LOST = 'venue lease lost';

/** Parameters the ledger's own CTEs take, before the modules' record writers. */
const LEDGER_PARAMS = 10;

/**
 * The ledger's part of the batch statement: one data-modifying CTE each for new holds, changed
 * holds, balance deltas, journal transactions and entries. Inserts read one JSON parameter; updates
 * join their table by primary key to `unnest` of arrays, whose length the planner estimates small
 * (a JSON set is guessed at 100 rows, which made it prefer a sequential scan of every hold while
 * the table was small). Balances change by deltas, so the database's non-negative check is what
 * refuses a batch decided on a balance someone else has lowered meanwhile.
 *
 * A batch that ran venue commands among several processes carries the venue lease's epoch ($10, else null):
 * l_fence locks the lease row and fails the whole statement (a cast error naming the lost lease) when
 * another process has taken the lease since. The row lock orders it against a takeover's UPDATE, so
 * a write either commits before the new owner rebuilds its books from the database or is refused.
 */
const LEDGER_CTES = `l_new_holds AS (INSERT INTO holds (id, account_id, amount, reason, ref, status)
  SELECT h.id, h.account_id, h.amount, h.reason, h.ref, h.status
  FROM json_to_recordset($1::json) AS h(id uuid, account_id uuid, amount numeric, reason text, ref text, status text)),
l_holds AS (UPDATE holds h SET amount = d.amount, status = d.status, updated_at = now()
  FROM unnest($2::uuid[], $3::numeric[], $4::text[]) AS d(id, amount, status) WHERE h.id = d.id),
l_balances AS (UPDATE ledger_accounts a SET available = a.available + d.da, locked = a.locked + d.dl
  FROM unnest($5::uuid[], $6::numeric[], $7::numeric[]) AS d(id, da, dl) WHERE a.id = d.id
  RETURNING a.id, a.available),
l_transactions AS (INSERT INTO journal_transactions (id, kind, user_id, ref)
  SELECT id, kind, user_id, ref FROM json_to_recordset($8::json) AS t(id uuid, kind text, user_id uuid, ref text)),
l_entries AS (INSERT INTO journal_entries (transaction_id, account_id, asset, amount)
  SELECT e.tx, e.account_id, e.asset, e.amount FROM json_to_recordset($9::json) AS e(tx uuid, account_id uuid, asset text, amount numeric)),
l_fence AS (UPDATE venue_leases SET fenced_writes = fenced_writes + CASE WHEN epoch = $10::bigint THEN 1
    ELSE ('${VENUE_LEASE_LOST}: epoch ' || epoch::text)::int END
  WHERE name = 'venues' AND $10::bigint IS NOT NULL)`;

/** The whole statement for these record writers; it answers the new available balance of every changed account. */
export function batchStatementSql(writers: readonly RecordWriter<never>[]): string {
  const ctes = [LEDGER_CTES];
  let next = LEDGER_PARAMS + 1;
  for (const w of writers) {
    ctes.push(`r_${w.name} AS (${w.sql(next)})`);
    next += w.paramCount;
  }
  return `WITH ${ctes.join(',\n')}\nSELECT id::text AS id, available::text AS available FROM l_balances`;
}

/** The statement's parameters, account ids from `idOf`; accounts are updated in id order, as every writer of balances locks them. */
export function batchStatementParams(
  batch: LedgerBatch,
  writers: readonly RecordWriter<never>[],
  idOf: (a: AccountRef) => string,
  fenceEpoch: string | null = null,
): { params: SqlParam[]; changed: Map<string, AccountRef> } {
  const holdRow = (h: Hold) => ({ id: h.id, account_id: idOf(h.account), amount: h.left.toFixed(), reason: h.reason, ref: h.ref, status: h.status });
  const changedHolds = [...batch.changedHolds];
  const deltas = [...batch.changes.values()]
    .filter((c) => !c.available.isZero() || !c.locked.isZero())
    .map((c) => ({ c, id: idOf(c.account) }))
    .sort((x, y) => (x.id < y.id ? -1 : 1));
  const params: SqlParam[] = [
    jsonRows([...batch.newHolds].map(holdRow)),
    changedHolds.map((h) => h.id),
    changedHolds.map((h) => h.left.toFixed()),
    changedHolds.map((h) => h.status),
    deltas.map((d) => d.id),
    deltas.map((d) => d.c.available.toFixed()),
    deltas.map((d) => d.c.locked.toFixed()),
    jsonRows(batch.journal.map((t) => ({ id: t.id, kind: t.kind, user_id: t.userId, ref: t.ref }))),
    jsonRows(
      batch.journal.flatMap((t) =>
        t.entries.map((e) => ({ tx: t.id, account_id: idOf(e.account), asset: e.account.asset, amount: e.amount })),
      ),
    ),
    fenceEpoch,
  ];
  for (const w of writers) params.push(...w.params(batch.rowsOf(w)));
  return { params, changed: new Map(deltas.map((d) => [d.id, d.c.account])) };
}
