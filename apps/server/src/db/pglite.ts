import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam, Transaction } from './database.js';
import { lockDataDir } from './data-dir-lock.js';

const run = promisify(execFile);

/**
 * PGlite runs PostgreSQL in the server's own WASM memory, so shared_buffers is process memory that
 * PostgreSQL touches at start: the default 128 MB costs about 130 MB of RSS. 16 MB holds the hot
 * pages of the tables the server writes; other reads go to the OS page cache. fsync and the WAL
 * settings stay PGlite's own, so committed data is kept as before.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A new database directory is created in a child process: PGlite's initdb starts a second PostgreSQL
 * and the initdb program, each in its own WASM memory (about 500 MB together). In the server's
 * process V8 frees them only after several full garbage collections, and even a worker thread
 * leaves about 160 MB behind in the allocator; a process that exits returns all of it.
 */
const INIT_SCRIPT = `
const [pglite, dataDir, startParams] = process.argv.slice(1);
require(pglite).PGlite.create(dataDir, { startParams: JSON.parse(startParams) }).then((pg) => pg.close());
`;

/** An empty data directory dumped to a file, in a child process for the same reason as INIT_SCRIPT. */
const DUMP_SCRIPT = `
const [pglite, file, startParams] = process.argv.slice(1);
require(pglite).PGlite.create({ startParams: JSON.parse(startParams) }).then(async (pg) => {
  const dump = await pg.dumpDataDir('none');
  require('node:fs').writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
});
`;

async function initInChildProcess(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await run(process.execPath, ['-e', INIT_SCRIPT, pglite, dataDir, JSON.stringify(START_PARAMS)]);
}

function wrap(q: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      const res = await q.query<T>(sql, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  };
}

/**
 * PGlite's transactions are callbacks: the callback stays open until commit() or rollback() is
 * called. It has one connection, so a second begin() waits until this one ends.
 */
function begin(pg: PGlite): Promise<Transaction> {
  return new Promise<Transaction>((resolve, reject) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (finish = r));
    let started = false;
    let settled = false;
    const decide = (commit: boolean): void => {
      if (settled) throw new Error('the transaction has ended');
      settled = true;
      finish(commit);
    };
    const ended = pg
      .transaction(async (t) => {
        started = true;
        resolve({
          ...wrap(t),
          commit: async () => {
            decide(true);
            await ended;
          },
          rollback: async () => {
            decide(false);
            await ended.catch(() => undefined);
          },
        });
        if (!(await decided)) await t.rollback();
      })
      .then(() => undefined);
    ended.catch((err: unknown) => {
      if (!started) reject(err);
    });
  });
}

function asDatabase(pg: PGlite, close: () => Promise<void>): Database {
  return { kind: 'pglite', query: wrap(pg).query, tx: (fn) => pg.transaction((t) => fn(wrap(t))), begin: () => begin(pg), close };
}

/**
 * Writes a template database: an initialised data directory, brought to a state by `prepare` (the
 * schema's migrations), as a tar file (PGlite's `dumpDataDir`). A new database loaded from it skips
 * initdb, 3-4 s even in memory, and whatever `prepare` did. The test suite makes one per run
 * (test/global-setup.ts) for its hundreds of databases.
 */
export async function writeTemplate(file: string, prepare: (db: Database) => Promise<void>): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await run(process.execPath, ['-e', DUMP_SCRIPT, pglite, file, JSON.stringify(START_PARAMS)]);
  const pg = await PGlite.create(undefined, { startParams: START_PARAMS, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await prepare(asDatabase(pg, () => pg.close()));
    writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pg.close();
  }
}

/**
 * Embedded PostgreSQL (WASM): on disk under dataDir, or in memory when dataDir is undefined. A new
 * database runs initdb, or is loaded from `template` (writeTemplate's file) when one is given.
 */
export async function openPglite(dataDir?: string, template?: string): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pg: PGlite;
  try {
    const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
    const loadDataDir = fresh && template ? new Blob([readFileSync(template)]) : undefined;
    if (dataDir && fresh && !loadDataDir) await initInChildProcess(dataDir);
    pg = await PGlite.create(dataDir, { startParams: START_PARAMS, loadDataDir });
  } catch (err) {
    unlock();
    throw err;
  }
  return asDatabase(pg, async () => {
    try {
      await pg.close();
    } finally {
      unlock();
    }
  });
}
