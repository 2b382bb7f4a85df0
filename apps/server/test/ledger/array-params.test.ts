import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, columnParams, isoTime, unnestRows, type Column } from '../../src/ledger/records.js';
import { openLedgerDb, type LedgerDb } from './ledger-db.js';

/** Strings that would change an unquoted or badly escaped array literal. */
const AWKWARD = ['', 'NULL', 'null', ' spaced ', 'a,b', '{braces}', 'say "hi"', 'back\\slash', '\\"', 'tab\there', 'line\nbreak', 'ünïcødé €', '0.00005'];

interface Row {
  text: string | null;
  amount: string;
  flag: boolean;
  n: number;
}

const columns: readonly Column<Row>[] = [
  { name: 'text', type: 'text', value: (r) => r.text },
  { name: 'amount', type: 'numeric', value: (r) => r.amount },
  { name: 'flag', type: 'boolean', value: (r) => r.flag },
  { name: 'n', type: 'bigint', value: (r) => r.n },
];

describe.each(['pglite', 'postgres'] as const)('array parameters on %s', (kind) => {
  let kit: LedgerDb;
  beforeAll(async () => {
    kit = await openLedgerDb(kind);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('reads every value back as it was sent, nulls as nulls', async () => {
    const rows: Row[] = [...AWKWARD, null].map((text, i) => ({ text, amount: `${i}.125`, flag: i % 2 === 0, n: 2 ** 40 + i }));
    const res = await kit.db.query<{ text: string | null; amount: string; flag: boolean; n: string }>(
      `SELECT text, amount::text AS amount, flag, n::text AS n FROM ${unnestRows(columns, 1, 'r')}`,
      columnParams(columns, rows),
    );
    expect(res.rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual(rows);
  });

  it('sends an empty array as no rows', async () => {
    const res = await kit.db.query(`SELECT * FROM ${unnestRows(columns, 1, 'r')}`, columnParams(columns, []));
    expect(res.rows).toEqual([]);
    expect(arrayLiteral([])).toBe('{}');
  });
});

it("writes an instant as toISOString does, whether it repeats the last one or not", () => {
  const instants = [0, 1_796_101_743_491, 1_796_101_743_491, 1_796_101_743_492, 0, -1, 8.64e15];
  for (const ms of instants) {
    expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  }
  expect(() => isoTime(Number.NaN)).toThrow(RangeError);
});
