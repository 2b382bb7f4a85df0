import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrations.js';
import { writeTemplate } from '../src/db/pglite.js';
import { schema } from '../src/products.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite database with the schema and no data, made once per run: every test database starts from it (helpers.ts). */
    pgliteTemplate: string;
  }
}

/** Both server projects run this setup; the run makes the template once and shares it. */
const run = globalThis as { exchangePgliteTemplate?: Promise<string> };

async function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-pglite-template-'));
  // At exit, not at a project's teardown: the other project may still be loading from it.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'schema.tar');
  await writeTemplate(file, async (db) => {
    await migrate(db, schema);
  });
  return file;
}

/** Runs initdb and the migrations once for the whole run instead of once per test database (1.5-4 s each). */
export default async function setup(project: TestProject): Promise<void> {
  run.exchangePgliteTemplate ??= makeTemplate();
  project.provide('pgliteTemplate', await run.exchangePgliteTemplate);
}
