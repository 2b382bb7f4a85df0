import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrations.js';
import { writeTemplate } from '../src/db/pglite.js';
import { schema } from '../src/schema.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite database with the schema and no data, made once per run: every test database starts from it (helpers.ts). */
    pgliteTemplate: string;
  }
}

/** Runs initdb and the migrations once for the whole run instead of once per test database (1.5-4 s each). */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-pglite-template-'));
  const file = path.join(dir, 'schema.tar');
  await writeTemplate(file, async (db) => {
    await migrate(db, schema);
  });
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
