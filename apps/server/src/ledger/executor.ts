import type { Database, Queryable } from '../db/database.js';

/** A whole database (a transaction is opened) or a caller's open transaction (joined). */
export type Executor = Database | Queryable;

function isDatabase(x: Executor): x is Database {
  return typeof (x as Partial<Database>).tx === 'function';
}

/** Runs fn in one transaction: a new one on a Database, the caller's own on a Queryable. */
export function inTx<T>(exec: Executor, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return isDatabase(exec) ? exec.tx(fn) : fn(exec);
}
