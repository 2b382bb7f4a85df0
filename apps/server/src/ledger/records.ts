import type { SqlParam } from '../db/database.js';

/**
 * A module's business rows written in the ledger's batch statement, so that they commit with the
 * postings they explain (an order with its hold, a fill with its journal transaction, a transfer
 * with its entries) in one round trip. Modules register their writers when they open; a batch's
 * statement holds the writers it has rows for (statement.ts, `BatchStatements`).
 */
export interface RecordWriter<R> {
  /** Lower-case identifier, unique: the name of its CTE in the statement. */
  readonly name: string;
  /** How many parameters its SQL takes. */
  readonly paramCount: number;
  /**
   * The CTE's body: one INSERT, UPDATE or DELETE without RETURNING, reading its rows from its
   * parameters, numbered from `$first`. A batch without rows for it leaves it out.
   */
  sql(first: number): string;
  params(rows: readonly R[]): SqlParam[];
}

/** One JSON parameter for a set of rows: a batch of any size is a fixed number of parameters. */
export const jsonRows = (rows: readonly unknown[]): string => JSON.stringify(rows);

/** One column of a writer's rows, sent as one array parameter. */
export interface Column<R> {
  readonly name: string;
  /** The PostgreSQL type of one value. */
  readonly type: string;
  readonly value: (row: R) => string | number | boolean | null;
}

/**
 * `unnest($first::type[], …) AS alias(name, …)`: the rows again, from one array parameter per column.
 * PostgreSQL reads rows from arrays in about half the time it takes for one JSON parameter, whose
 * objects it hashes key by key; the hot writers (holds, journal, spot and futures orders, positions,
 * fills, trades) use them (docs/benchmarks.md, the OKX websocket notes).
 */
export function unnestRows<R>(columns: readonly Column<R>[], first: number, alias: string): string {
  const arrays = columns.map((c, i) => `$${first + i}::${c.type}[]`).join(', ');
  return `unnest(${arrays}) AS ${alias}(${columns.map((c) => c.name).join(', ')})`;
}

/** `INSERT INTO table (name, …) SELECT name, … FROM unnest(…)`: a writer's new rows; the `stamped` columns get now(). */
export function insertRows<R>(table: string, columns: readonly Column<R>[], first: number, stamped: readonly string[] = []): string {
  const names = columns.map((c) => c.name);
  const stamps = stamped.map(() => 'now()');
  return `INSERT INTO ${table} (${[...names, ...stamped].join(', ')})
  SELECT ${[...names, ...stamps].join(', ')} FROM ${unnestRows(columns, first, 'r')}`;
}

/** The parameters `unnestRows` reads: one array per column, in the columns' order. */
export function columnParams<R>(columns: readonly Column<R>[], rows: readonly R[]): SqlParam[] {
  return columns.map((c) => columnLiteral(rows, c.value));
}

/** `arrayLiteral` of one column's values, without the arrays in between (per column of every order's row). */
function columnLiteral<R>(rows: readonly R[], value: Column<R>['value']): string {
  let out = '{';
  for (let i = 0; i < rows.length; i += 1) {
    if (i > 0) out += ',';
    out += element(value(rows[i] as R));
  }
  return `${out}}`;
}

const element = (v: string | number | boolean | null): string => {
  if (v === null) return 'NULL';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  // A number's text holds no quote, comma, brace or space.
  if (typeof v === 'number') return String(v);
  return v.includes('"') || v.includes('\\') ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
};

let lastMs = Number.NaN;
let lastIso = '';

/**
 * `toISOString()` of the instant, remembered for the last one: the rows of a batch mostly share
 * their millisecond, and each call cost about 0.6 µs of an order's time.
 */
export function isoTime(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/**
 * PostgreSQL's text form of a one-dimensional array, every value quoted (so that neither a comma,
 * a brace nor the word NULL in a string can change it) and escaped only when it holds a quote or a
 * backslash. node-postgres runs two regular expressions over every value of an array parameter,
 * which was 7 % of the server's time at 15,000 orders/s.
 */
export function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  return `{${values.map(element).join(',')}}`;
}
