import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate, type Migration } from '../src/db/migrations.js';
import { openPostgres } from '../src/db/postgres.js';
import { createPostgresDatabase } from './helpers.js';

const MIGRATIONS: Migration[] = [
  { version: 1, name: 'first', statements: ['CREATE TABLE race_first (id int PRIMARY KEY)'] },
  { version: 2, name: 'second', statements: ['CREATE TABLE race_second (id int PRIMARY KEY)'] },
];
/** Processes of `npm run start:cluster` start together, each migrating the fresh database. */
const PROCESSES = 6;
const ATTEMPTS = 4;

describe('several processes migrating one fresh PostgreSQL database at once', () => {
  const open: { db: Database; drop: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.db.close();
      await o.drop();
    }
  });

  it('all succeed, and each migration is applied once', async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const database = await createPostgresDatabase();
      const pools = await Promise.all(Array.from({ length: PROCESSES }, () => openPostgres(database.url)));
      const results = await Promise.allSettled(pools.map((db) => migrate(db, MIGRATIONS)));
      const [first, ...others] = pools as [Database, ...Database[]];
      for (const db of others) await db.close();
      open.push({ db: first, drop: database.drop });
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      expect(applied.sort()).toEqual([1, 2]);
      const rows = await first.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.rows.map((r) => r.version)).toEqual([1, 2]);
    }
  });
});
