import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrations.js';
import { writeTemplate } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { schema } from '../src/products.js';
import { postgresAdmin, postgresUrl } from './postgres-admin.js';
import { buildServerBundle } from './server-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite database with the schema and no data, made once per run: every test database starts from it (helpers.ts). */
    pgliteTemplate: string;
    /** A PostgreSQL database with the schema and no data, cloned for each app's database (helpers.ts); null when none could be made. */
    postgresTemplate: string | null;
    /** The server bundled into one file, which the tests that start server processes run (server-bundle.ts). */
    serverBundle: string;
  }
}

/** Every server project runs this setup; the run makes the templates once and shares them. */
const run = globalThis as {
  exchangePgliteTemplate?: Promise<string>;
  exchangePostgresTemplate?: Promise<string | null>;
  exchangeServerBundle?: Promise<string>;
};

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-pglite-template-'));
  // At exit, not at a project's teardown: another project may still be loading from it.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'schema.tar');
  await writeTemplate(file, async (db) => {
    await migrate(db, schema);
    // The server uses the `postgres` database only; the two template databases were 602 of the
    // tar's 1238 files, which PGlite writes one by one into every test database it loads
    // (1.15 s -> 0.65-0.95 s of CPU per database).
    await db.query("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
    await db.query('DROP DATABASE template0');
    await db.query('DROP DATABASE template1');
  });
  return file;
}

/**
 * Migrating a new PostgreSQL database took 2.6 s on the loaded 2-core machine, cloning a migrated
 * one 0.4 s. Without a reachable server there is no template, and each database is migrated by its
 * app as before (the tests that need PostgreSQL then fail on their own).
 */
async function makePostgresTemplate(): Promise<string | null> {
  const name = `exch_template_${randomBytes(6).toString('hex')}`;
  try {
    await postgresAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  } catch {
    return null;
  }
  const db = await openPostgres(postgresUrl(name));
  try {
    await migrate(db, schema);
  } finally {
    await db.close();
  }
  return name;
}

async function dropPostgresTemplate(): Promise<void> {
  const name = await run.exchangePostgresTemplate;
  if (name) await postgresAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Runs initdb and the migrations once for the whole run instead of once per test database (1.5-4 s each). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  run.exchangePgliteTemplate ??= makeTemplate();
  run.exchangePostgresTemplate ??= makePostgresTemplate();
  run.exchangeServerBundle ??= buildServerBundle();
  project.provide('pgliteTemplate', await run.exchangePgliteTemplate);
  project.provide('postgresTemplate', await run.exchangePostgresTemplate);
  project.provide('serverBundle', await run.exchangeServerBundle);
  // Teardowns run once every project has finished; the later ones find the template gone.
  return dropPostgresTemplate;
}
