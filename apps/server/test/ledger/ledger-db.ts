import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { Idempotency } from '../../src/ledger/idempotency.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import type { RecordWriter } from '../../src/ledger/records.js';
import type { TransferDeps } from '../../src/modules/wallets/transfer-service.js';
import { openLedger } from '../../src/products.js';
import { schema } from '../../src/products.js';
import { createPostgresDatabase, pgliteTemplate, type DbKind } from '../helpers.js';

/** A ledger on its own, as one server process has it: the writer, idempotency and the transfer flow. */
export interface LedgerKit {
  ledger: Ledger;
  idempotency: Idempotency;
  transfers: TransferDeps;
}

export interface LedgerDb extends LedgerKit {
  db: Database;
  /** Another process's ledger on the same database (its own cache and batches). */
  another(): LedgerKit;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' });

function kit(db: Database, extra: readonly RecordWriter<never>[]): LedgerKit {
  const ledger = openLedger(db, silent);
  const idempotency = new Idempotency(db);
  for (const w of extra) ledger.register(w);
  return { ledger, idempotency, transfers: { ledger, idempotency, now: () => new Date() } };
}

/**
 * A fresh database with the whole schema and a ledger on it: in-memory PGlite, or a throw-away
 * PostgreSQL (pool of 10). `writers` join the batch statement, as modules' record writers do.
 */
export async function openLedgerDb(kind: DbKind, writers: readonly RecordWriter<never>[] = []): Promise<LedgerDb> {
  const database = kind === 'postgres' ? await createPostgresDatabase('schema') : null;
  const db = database ? await openPostgres(database.url) : await openPglite(undefined, pgliteTemplate());
  try {
    await migrate(db, schema);
  } catch (err) {
    await db.close();
    await database?.drop();
    throw err;
  }
  const own = kit(db, writers);
  return {
    db,
    ...own,
    another: () => kit(db, writers),
    async close() {
      await own.ledger.idle();
      await db.close();
      await database?.drop();
    },
  };
}

let nextUid = 10_000_000;

/** Inserts a bare user (and its wallets row) and returns its id and public uid. */
export async function createUser(db: Database): Promise<{ id: string; uid: number }> {
  nextUid += 1 + Math.floor(Math.random() * 1000);
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, email, uid, referral_code, password_hash, created_at) VALUES ($1, $2, $3, $4, 'x', now())`,
    [id, `${id}@example.com`, nextUid, id.slice(0, 8)],
  );
  await db.query('INSERT INTO wallets (id, user_id, created_at) VALUES ($1, $2, now())', [randomUUID(), id]);
  return { id, uid: nextUid };
}

export async function countJournal(db: Database): Promise<number> {
  const res = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM journal_transactions');
  return Number(res.rows[0]?.n ?? 0);
}
