import { createHash } from 'node:crypto';
import type { SqlParam } from '../db/database.js';
import type { LedgerBatch } from './batch.js';
import type { AccountRef } from './postings.js';
import { arrayLiteral, type RecordWriter } from './records.js';

/**
 * Part of the error PostgreSQL raises when a batch carried a venue lease epoch that is no longer the
 * lease's: the process that wrote it lost the venues to another.
 */
export const VENUE_LEASE_LOST = 'venue lease lost';

/** The name of every batch statement starts so (tests and the statement counter find them by it). */
export const BATCH_WRITE_STATEMENT = 'ledger-batch-write';

/**
 * Statement texts one ledger keeps, each prepared on every connection that runs it. Past this many
 * shapes a batch's statement goes unnamed (parsed and planned each time, as correct and slower), so
 * that no mix of writers can grow the caches without bound; the server's batches come in a few
 * dozen shapes.
 */
export const MAX_NAMED_SHAPES = 128;

/** A batch's rows as the statement reads them, account ids resolved. */
interface BatchRows {
  batch: LedgerBatch;
  deltas: { id: string; available: string; locked: string }[];
  idOf: (a: AccountRef) => string;
  fenceEpoch: string | null;
}

/** One CTE of the ledger's own part of the statement, written only when `wanted`. */
interface LedgerPart {
  paramCount: number;
  wanted(rows: BatchRows): boolean;
  sql(n: (i: number) => string): string;
  params(rows: BatchRows): SqlParam[];
}

/*
 * The ledger's CTEs: new holds, changed holds, balance deltas, journal transactions with their
 * entries, and the venue fence. Each reads its rows from one array parameter per column through
 * `unnest` (see `unnestRows` in records.ts): updates join their table by primary key to them, whose
 * length the planner estimates small (a JSON set is guessed at 100 rows, which made it prefer a
 * sequential scan of every hold while the table was small). Balances change by deltas, so the
 * database's non-negative check is what refuses a batch decided on a balance someone else has
 * lowered meanwhile.
 *
 * A batch that ran venue commands among several processes carries the venue lease's epoch: l_fence
 * locks the lease row and fails the whole statement (a cast error naming the lost lease) when
 * another process has taken the lease since. The row lock orders it against a takeover's UPDATE, so
 * a write either commits before the new owner rebuilds its books from the database or is refused.
 */
const NEW_HOLDS: LedgerPart = {
  paramCount: 6,
  wanted: (r) => r.batch.newHolds.size > 0,
  sql: (n) => `l_new_holds AS (INSERT INTO holds (id, account_id, amount, reason, ref, status)
  SELECT h.id, h.account_id, h.amount, h.reason, h.ref, h.status
  FROM unnest(${n(0)}::uuid[], ${n(1)}::uuid[], ${n(2)}::numeric[], ${n(3)}::text[], ${n(4)}::text[], ${n(5)}::text[]) AS h(id, account_id, amount, reason, ref, status))`,
  params: ({ batch, idOf }) => {
    const holds = [...batch.newHolds];
    return [
      arrayLiteral(holds.map((h) => h.id)),
      arrayLiteral(holds.map((h) => idOf(h.account))),
      arrayLiteral(holds.map((h) => h.left.toFixed())),
      arrayLiteral(holds.map((h) => h.reason)),
      arrayLiteral(holds.map((h) => h.ref)),
      arrayLiteral(holds.map((h) => h.status)),
    ];
  },
};

const CHANGED_HOLDS: LedgerPart = {
  paramCount: 3,
  wanted: (r) => r.batch.changedHolds.size > 0,
  sql: (n) => `l_holds AS (UPDATE holds h SET amount = d.amount, status = d.status, updated_at = now()
  FROM unnest(${n(0)}::uuid[], ${n(1)}::numeric[], ${n(2)}::text[]) AS d(id, amount, status) WHERE h.id = d.id)`,
  params: ({ batch }) => {
    const holds = [...batch.changedHolds];
    return [arrayLiteral(holds.map((h) => h.id)), arrayLiteral(holds.map((h) => h.left.toFixed())), arrayLiteral(holds.map((h) => h.status))];
  },
};

/** Always written: the statement answers what it returns (an empty batch of deltas returns nothing). */
const BALANCES: LedgerPart = {
  paramCount: 3,
  wanted: () => true,
  sql: (n) => `l_balances AS (UPDATE ledger_accounts a SET available = a.available + d.da, locked = a.locked + d.dl
  FROM unnest(${n(0)}::uuid[], ${n(1)}::numeric[], ${n(2)}::numeric[]) AS d(id, da, dl) WHERE a.id = d.id
  RETURNING a.id, a.available)`,
  params: ({ deltas }) => [arrayLiteral(deltas.map((d) => d.id)), arrayLiteral(deltas.map((d) => d.available)), arrayLiteral(deltas.map((d) => d.locked))],
};

const JOURNAL: LedgerPart = {
  paramCount: 8,
  wanted: (r) => r.batch.journal.length > 0,
  sql: (n) => `l_transactions AS (INSERT INTO journal_transactions (id, kind, user_id, ref)
  SELECT id, kind, user_id, ref FROM unnest(${n(0)}::uuid[], ${n(1)}::text[], ${n(2)}::uuid[], ${n(3)}::text[]) AS t(id, kind, user_id, ref)),
l_entries AS (INSERT INTO journal_entries (transaction_id, account_id, asset, amount)
  SELECT e.tx, e.account_id, e.asset, e.amount FROM unnest(${n(4)}::uuid[], ${n(5)}::uuid[], ${n(6)}::text[], ${n(7)}::numeric[]) AS e(tx, account_id, asset, amount))`,
  params: ({ batch, idOf }) => {
    const journal = batch.journal;
    const entries = journal.flatMap((t) => t.entries.map((e) => ({ tx: t.id, account: e.account, amount: e.amount })));
    return [
      arrayLiteral(journal.map((t) => t.id)),
      arrayLiteral(journal.map((t) => t.kind)),
      arrayLiteral(journal.map((t) => t.userId)),
      arrayLiteral(journal.map((t) => t.ref)),
      arrayLiteral(entries.map((e) => e.tx)),
      arrayLiteral(entries.map((e) => idOf(e.account))),
      arrayLiteral(entries.map((e) => e.account.asset)),
      arrayLiteral(entries.map((e) => e.amount)),
    ];
  },
};

const FENCE: LedgerPart = {
  paramCount: 1,
  wanted: (r) => r.fenceEpoch !== null,
  sql: (n) => `l_fence AS (UPDATE venue_leases SET fenced_writes = fenced_writes + CASE WHEN epoch = ${n(0)}::bigint THEN 1
    ELSE ('${VENUE_LEASE_LOST}: epoch ' || epoch::text)::int END
  WHERE name = 'venues')`,
  params: (r) => [r.fenceEpoch],
};

const LEDGER_PARTS = [NEW_HOLDS, CHANGED_HOLDS, BALANCES, JOURNAL, FENCE] as const;

/** A batch's statement: its text, its name when it is one of the named shapes, its parameters. */
export interface BatchStatement {
  sql: string;
  name: string | undefined;
  params: SqlParam[];
  /** The changed accounts by id, as the statement returns their new balances. */
  changed: Map<string, AccountRef>;
}

/**
 * The batch statement, made of only the CTEs a batch has rows for: PostgreSQL starts the executor of
 * every CTE of a statement it runs (opening each table and its indexes), and with every registered
 * writer's in it a batch of ten orders cost it about 1 ms, a quarter of which went to empty ones
 * (docs/benchmarks.md, "The batch statement holds only what a batch writes"). Each
 * shape (which of the ledger's parts and writers it holds) is a text of its own, named after a hash
 * of it (ledgers sharing a connection pool, as tests have them, then agree on every name) so that
 * PostgreSQL parses and plans it once per connection; past `MAX_NAMED_SHAPES` shapes the rest go
 * unnamed. It answers the new available balance of every changed account.
 */
export class BatchStatements {
  private readonly shapes = new Map<string, { sql: string; name: string }>();

  constructor(private readonly writers: readonly RecordWriter<never>[]) {}

  /** Accounts are updated in id order, as every writer of balances locks them. */
  of(batch: LedgerBatch, idOf: (a: AccountRef) => string, fenceEpoch: string | null = null): BatchStatement {
    const deltas = [...batch.changes.values()]
      .filter((c) => !c.available.isZero() || !c.locked.isZero())
      .map((c) => ({ account: c.account, id: idOf(c.account), available: c.available.toFixed(), locked: c.locked.toFixed() }))
      .sort((x, y) => (x.id < y.id ? -1 : 1));
    const rows: BatchRows = { batch, deltas, idOf, fenceEpoch };
    const parts: LedgerPart[] = [];
    const writers: RecordWriter<never>[] = [];
    const params: SqlParam[] = [];
    // The shape's key: which of the ledger's parts and which writers, by their places.
    let key = '';
    LEDGER_PARTS.forEach((p, i) => {
      if (!p.wanted(rows)) return;
      parts.push(p);
      params.push(...p.params(rows));
      key += `l${i}`;
    });
    this.writers.forEach((w, i) => {
      const written = batch.rowsOf(w);
      if (written.length === 0) return;
      writers.push(w);
      params.push(...w.params(written));
      key += `w${i}`;
    });
    let shape = this.shapes.get(key);
    if (!shape && this.shapes.size < MAX_NAMED_SHAPES) {
      const sql = statementSql(parts, writers);
      shape = { sql, name: `${BATCH_WRITE_STATEMENT}-${createHash('sha256').update(sql).digest('hex').slice(0, 16)}` };
      this.shapes.set(key, shape);
    }
    return {
      sql: shape?.sql ?? statementSql(parts, writers),
      name: shape?.name,
      params,
      changed: new Map(deltas.map((d) => [d.id, d.account])),
    };
  }
}

/** The text of one shape: its CTEs, parameters numbered in the order `of` pushes them. */
function statementSql(parts: readonly LedgerPart[], writers: readonly RecordWriter<never>[]): string {
  const ctes: string[] = [];
  let next = 1;
  for (const p of parts) {
    const first = next;
    ctes.push(p.sql((i) => `$${first + i}`));
    next += p.paramCount;
  }
  for (const w of writers) {
    ctes.push(`r_${w.name} AS (${w.sql(next)})`);
    next += w.paramCount;
  }
  return `WITH ${ctes.join(',\n')}\nSELECT id::text AS id, available::text AS available FROM l_balances`;
}
