import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrations.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { createPostgresDatabase, type DbKind } from '../helpers.js';

export interface LedgerDb {
  db: Database;
  close(): Promise<void>;
}

/** A fresh database with the ledger schema: in-memory PGlite, or a throw-away PostgreSQL (pool of 10). */
export async function openLedgerDb(kind: DbKind): Promise<LedgerDb> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const database = await createPostgresDatabase();
  const db = await openPostgres(database.url);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    await database.drop();
    throw err;
  }
  return {
    db,
    async close() {
      await db.close();
      await database.drop();
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
