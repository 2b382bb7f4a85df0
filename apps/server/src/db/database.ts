export type SqlParam = string | number | boolean | null | Date | Uint8Array | readonly (string | number | boolean | null)[];

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /**
   * `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection);
   * one name always goes with one text.
   */
  query<T = Record<string, unknown>>(sql: string, params?: SqlParam[], name?: string): Promise<QueryResult<T>>;
}

/** An open transaction whose end the caller decides: the trading pipeline commits in its own order. */
export interface Transaction extends Queryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** The one database interface the modules use, whatever runs underneath. */
export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Starts a transaction; it holds a connection until commit or rollback. */
  begin(): Promise<Transaction>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}
