import type { SqlParam } from '../db/database.js';

/**
 * A module's business rows written in the ledger's batch statement, so that they commit with the
 * postings they explain (an order with its hold, a fill with its journal transaction, a transfer
 * with its entries) in one round trip. Modules register their writers when they open; the
 * statement then never changes and PostgreSQL parses and plans it once per connection.
 */
export interface RecordWriter<R> {
  /** Lower-case identifier, unique: the name of its CTE in the statement. */
  readonly name: string;
  /** How many parameters its SQL takes. */
  readonly paramCount: number;
  /**
   * The CTE's body: one INSERT, UPDATE or DELETE without RETURNING, reading its rows from its
   * parameters, numbered from `$first`. It must be a no-op on empty parameters (empty arrays, '[]').
   */
  sql(first: number): string;
  params(rows: readonly R[]): SqlParam[];
}

/** One JSON parameter for a set of rows: a batch of any size is a fixed number of parameters. */
export const jsonRows = (rows: readonly unknown[]): string => JSON.stringify(rows);
