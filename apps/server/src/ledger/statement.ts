import type { SqlParam } from '../db/database.js';
import type { LedgerBatch } from './batch.js';
import type { AccountRef } from './postings.js';
import { arrayLiteral, type RecordWriter } from './records.js';

/**
 * Part of the error PostgreSQL raises when a batch carried a venue lease epoch that is no longer the
 * lease's: the process that wrote it lost the venues to another.
 */
export const VENUE_LEASE_LOST = 'venue lease lost';

/** Parameters the ledger's own CTEs take, before the modules' record writers. */
const LEDGER_PARAMS = 21;

/**
 * The ledger's part of the batch statement: one data-modifying CTE each for new holds, changed
 * holds, balance deltas, journal transactions and entries. Each reads its rows from one array
 * parameter per column through `unnest` (see `unnestRows` in records.ts): updates join their table
 * by primary key to them, whose length the planner estimates small (a JSON set is guessed at 100
 * rows, which made it prefer a sequential scan of every hold while the table was small). Balances
 * change by deltas, so the database's non-negative check is what refuses a batch decided on a
 * balance someone else has lowered meanwhile.
 *
 * A batch that ran venue commands among several processes carries the venue lease's epoch ($21, else null):
 * l_fence locks the lease row and fails the whole statement (a cast error naming the lost lease) when
 * another process has taken the lease since. The row lock orders it against a takeover's UPDATE, so
 * a write either commits before the new owner rebuilds its books from the database or is refused.
 */
const LEDGER_CTES = `l_new_holds AS (INSERT INTO holds (id, account_id, amount, reason, ref, status)
  SELECT h.id, h.account_id, h.amount, h.reason, h.ref, h.status
  FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::text[], $5::text[], $6::text[]) AS h(id, account_id, amount, reason, ref, status)),
l_holds AS (UPDATE holds h SET amount = d.amount, status = d.status, updated_at = now()
  FROM unnest($7::uuid[], $8::numeric[], $9::text[]) AS d(id, amount, status) WHERE h.id = d.id),
l_balances AS (UPDATE ledger_accounts a SET available = a.available + d.da, locked = a.locked + d.dl
  FROM unnest($10::uuid[], $11::numeric[], $12::numeric[]) AS d(id, da, dl) WHERE a.id = d.id
  RETURNING a.id, a.available),
l_transactions AS (INSERT INTO journal_transactions (id, kind, user_id, ref)
  SELECT id, kind, user_id, ref FROM unnest($13::uuid[], $14::text[], $15::uuid[], $16::text[]) AS t(id, kind, user_id, ref)),
l_entries AS (INSERT INTO journal_entries (transaction_id, account_id, asset, amount)
  SELECT e.tx, e.account_id, e.asset, e.amount FROM unnest($17::uuid[], $18::uuid[], $19::text[], $20::numeric[]) AS e(tx, account_id, asset, amount)),
l_fence AS (UPDATE venue_leases SET fenced_writes = fenced_writes + CASE WHEN epoch = $21::bigint THEN 1
    ELSE ('${VENUE_LEASE_LOST}: epoch ' || epoch::text)::int END
  WHERE name = 'venues' AND $21::bigint IS NOT NULL)`;

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
  const newHolds = [...batch.newHolds];
  const changedHolds = [...batch.changedHolds];
  const deltas = [...batch.changes.values()]
    .filter((c) => !c.available.isZero() || !c.locked.isZero())
    .map((c) => ({ c, id: idOf(c.account) }))
    .sort((x, y) => (x.id < y.id ? -1 : 1));
  const entries = batch.journal.flatMap((t) => t.entries.map((e) => ({ tx: t.id, account: e.account, amount: e.amount })));
  const params: SqlParam[] = [
    arrayLiteral(newHolds.map((h) => h.id)),
    arrayLiteral(newHolds.map((h) => idOf(h.account))),
    arrayLiteral(newHolds.map((h) => h.left.toFixed())),
    arrayLiteral(newHolds.map((h) => h.reason)),
    arrayLiteral(newHolds.map((h) => h.ref)),
    arrayLiteral(newHolds.map((h) => h.status)),
    arrayLiteral(changedHolds.map((h) => h.id)),
    arrayLiteral(changedHolds.map((h) => h.left.toFixed())),
    arrayLiteral(changedHolds.map((h) => h.status)),
    arrayLiteral(deltas.map((d) => d.id)),
    arrayLiteral(deltas.map((d) => d.c.available.toFixed())),
    arrayLiteral(deltas.map((d) => d.c.locked.toFixed())),
    arrayLiteral(batch.journal.map((t) => t.id)),
    arrayLiteral(batch.journal.map((t) => t.kind)),
    arrayLiteral(batch.journal.map((t) => t.userId)),
    arrayLiteral(batch.journal.map((t) => t.ref)),
    arrayLiteral(entries.map((e) => e.tx)),
    arrayLiteral(entries.map((e) => idOf(e.account))),
    arrayLiteral(entries.map((e) => e.account.asset)),
    arrayLiteral(entries.map((e) => e.amount)),
    fenceEpoch,
  ];
  for (const w of writers) params.push(...w.params(batch.rowsOf(w)));
  return { params, changed: new Map(deltas.map((d) => [d.id, d.c.account])) };
}
