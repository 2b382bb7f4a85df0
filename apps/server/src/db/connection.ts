import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { migrate, type Migration } from './migrations.js';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'pgliteInMemory' | 'pgliteTemplate'>,
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
