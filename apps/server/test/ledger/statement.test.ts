import { describe, expect, it } from 'vitest';
import { LedgerBatch } from '../../src/ledger/batch.js';
import { accountRef } from '../../src/ledger/postings.js';
import { insertRows, columnParams, type Column, type RecordWriter } from '../../src/ledger/records.js';
import { BatchStatements, MAX_NAMED_SHAPES } from '../../src/ledger/statement.js';
import { Dec } from '../../src/shared/decimal.js';

const USER = '00000000-0000-4000-8000-000000000001';
const ACCOUNT_ID = '00000000-0000-4000-8000-000000000002';
const columns: readonly Column<string>[] = [{ name: 'note', type: 'text', value: (r) => r }];
/** A writer of one text column into a table of its own name. */
const writer = (name: string): RecordWriter<never> =>
  ({ name, paramCount: 1, sql: (n: number) => insertRows(name, columns, n), params: (rows: readonly string[]) => columnParams(columns, rows) }) as unknown as RecordWriter<never>;
const WRITERS = Array.from({ length: 8 }, (_, i) => writer(`w${i}`));

/** A batch holding a new hold and one row for each writer of `rows`. */
function batchWith(rows: readonly RecordWriter<never>[], journal = false): LedgerBatch {
  const batch = new LedgerBatch();
  const account = accountRef(USER, 'USDT', 'spot');
  batch.placeHold(account, new Dec('2'), 'order', 'o1');
  if (journal) batch.post({ kind: 'test', userId: USER, ref: 'r1', legs: [{ account, amount: new Dec('-1') }, { account: accountRef(USER, 'USDT', 'funding'), amount: new Dec('1') }] });
  for (const w of rows) batch.record(w as RecordWriter<string>, `row of ${w.name}`);
  return batch;
}

/** The highest `$n` of a statement, and whether every one is cast to a type. */
function placeholders(sql: string): { highest: number; allCast: boolean } {
  const all = [...sql.matchAll(/\$(\d+)(::)?/g)];
  return { highest: Math.max(0, ...all.map((m) => Number(m[1]))), allCast: all.every((m) => m[2] === '::') };
}

describe('the batch statement holds only what the batch writes', () => {
  it('leaves out the ledger parts and writers the batch has no rows for, numbering the rest in order', () => {
    const statement = new BatchStatements(WRITERS).of(batchWith([WRITERS[2] as RecordWriter<never>]), () => ACCOUNT_ID);
    expect(statement.sql).toContain('l_new_holds AS');
    expect(statement.sql).toContain('l_balances AS');
    expect(statement.sql).toContain('r_w2 AS');
    for (const absent of ['l_holds AS', 'l_transactions AS', 'l_entries AS', 'l_fence AS', 'r_w0 AS', 'r_w1 AS', 'r_w3 AS']) expect(statement.sql).not.toContain(absent);
    expect(placeholders(statement.sql)).toEqual({ highest: statement.params.length, allCast: true });
    // 6 for the new holds, 3 for the balances, then the writer's column.
    expect(statement.params).toHaveLength(10);
    expect(statement.params[9]).toBe('{"row of w2"}');
    expect(statement.changed.get(ACCOUNT_ID)?.key).toBe(accountRef(USER, 'USDT', 'spot').key);
  });

  it('adds the journal and the fence when the batch has them', () => {
    const statement = new BatchStatements(WRITERS).of(batchWith([], true), () => ACCOUNT_ID, '7');
    expect(statement.sql).toContain('l_transactions AS');
    expect(statement.sql).toContain('l_entries AS');
    expect(statement.sql).toContain('l_fence AS');
    expect(statement.params.at(-1)).toBe('7');
    expect(placeholders(statement.sql)).toEqual({ highest: statement.params.length, allCast: true });
  });

  it('names each shape once: the same shape the same name and text, another shape another name', () => {
    const statements = new BatchStatements(WRITERS);
    const a = statements.of(batchWith([WRITERS[1] as RecordWriter<never>]), () => ACCOUNT_ID);
    const again = statements.of(batchWith([WRITERS[1] as RecordWriter<never>]), () => ACCOUNT_ID);
    const b = statements.of(batchWith([WRITERS[1] as RecordWriter<never>, WRITERS[4] as RecordWriter<never>]), () => ACCOUNT_ID);
    expect(a.name).toMatch(/^ledger-batch-write-[0-9a-f]{16}$/);
    expect(again.name).toBe(a.name);
    expect(again.sql).toBe(a.sql);
    expect(b.name).not.toBe(a.name);
    expect(b.sql).not.toBe(a.sql);
  });

  it(`names at most ${MAX_NAMED_SHAPES} shapes; the rest go unnamed, with the same text they would have had`, () => {
    const statements = new BatchStatements(WRITERS);
    const subsets = Array.from({ length: 2 ** WRITERS.length }, (_, mask) => WRITERS.filter((_, i) => (mask & (1 << i)) !== 0));
    const made = subsets.map((rows) => statements.of(batchWith(rows), () => ACCOUNT_ID));
    const names = made.map((s) => s.name).filter((n) => n !== undefined);
    expect(new Set(names).size).toBe(MAX_NAMED_SHAPES);
    expect(made.slice(MAX_NAMED_SHAPES).every((s) => s.name === undefined)).toBe(true);
    const fresh = new BatchStatements(WRITERS).of(batchWith(subsets.at(-1) ?? []), () => ACCOUNT_ID);
    expect(made.at(-1)?.sql).toBe(fresh.sql);
  });
});
