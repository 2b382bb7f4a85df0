import type { Database } from './database.js';

/** One schema change, for PGlite and PostgreSQL alike; applied once, in version order, never edited. */
export interface Migration {
  version: number;
  name: string;
  /** One statement per entry: PGlite's parameterised protocol runs a single statement at a time. */
  statements: string[];
}

/** Arbitrary constant: serialises migrating processes that share one PostgreSQL. */
const MIGRATION_LOCK_KEY = 724_311_001;

/**
 * Brings the schema up to date with every module's migrations, in version order. Versions are
 * global (one schema_migrations table), so each number belongs to one module.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<number[]> {
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('two migrations share a version number');
  // Under the lock too: two processes creating the table at once on a fresh database make one of
  // them fail (IF NOT EXISTS does not cover the race on its row type), as `npm run start:cluster` did.
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const didApply = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return false;
      for (const sql of migration.statements) await q.query(sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  return applied;
}
