import path from 'node:path';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { migrate, type Migration } from './migrations.js';

/** Where the database is: the configuration's fields of the same names (config/kernel-config.ts). */
export interface DatabaseLocation {
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl?: string;
  dataDir: string;
  pgliteInMemory?: boolean;
  pgliteTemplate?: string;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(
  config: DatabaseLocation,
  schema: readonly Migration[],
): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.pgliteInMemory ? undefined : path.join(config.dataDir, 'pglite'), config.pgliteTemplate);
  try {
    await migrate(db, schema);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
