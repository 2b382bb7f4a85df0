import { existsSync, mkdirSync } from 'node:fs';
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

/** Embedded PostgreSQL (WASM): on disk under dataDir, or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pg: PGlite;
  try {
    if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initInChildProcess(dataDir);
    pg = await PGlite.create(dataDir, { startParams: START_PARAMS });
  } catch (err) {
    unlock();
    throw err;
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    begin: () => begin(pg),
    close: async () => {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}
