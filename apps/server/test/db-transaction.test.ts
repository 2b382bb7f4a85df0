import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { createPostgresDatabase, pgliteTemplate, type DbKind } from './helpers.js';

async function openBare(kind: DbKind): Promise<{ db: Database; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, pgliteTemplate());
    return { db, close: () => db.close() };
  }
  const database = await createPostgresDatabase();
  const db = await openPostgres(database.url);
  return {
    db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** Lets other queued work (a waiting begin(), say) run before the test looks again. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.each<DbKind>(['pglite', 'postgres'])('Database.begin() on %s', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  let tables = 0;

  beforeAll(async () => {
    ({ db, close } = await openBare(kind));
  });
  afterAll(() => close?.());

  async function newTable(): Promise<string> {
    tables += 1;
    const name = `items_${tables}`;
    await db.query(`CREATE TABLE ${name} (id integer PRIMARY KEY, label text NOT NULL)`);
    return name;
  }

  const labels = async (table: string) =>
    (await db.query<{ label: string }>(`SELECT label FROM ${table} ORDER BY id`)).rows.map((r) => r.label);

  it('commit makes the rows visible to other queries', async () => {
    const table = await newTable();
    const tx = await db.begin();
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'one'), (2, 'two')`);
    const inside = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(inside.rows[0]?.n).toBe(2);
    // PGlite has one connection: a query outside the transaction would wait for its end.
    if (kind === 'postgres') expect(await labels(table)).toEqual([]);
    await tx.commit();
    expect(await labels(table)).toEqual(['one', 'two']);
  });

  it('rollback discards the rows', async () => {
    const table = await newTable();
    const tx = await db.begin();
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'gone')`);
    await tx.rollback();
    expect(await labels(table)).toEqual([]);
  });

  it('a failed statement then rollback leaves nothing, and the database stays usable', async () => {
    const table = await newTable();
    const tx = await db.begin();
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'first')`);
    await expect(tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'duplicate')`)).rejects.toThrow();
    await tx.rollback();
    expect(await labels(table)).toEqual([]);
    const next = await db.begin();
    await next.query(`INSERT INTO ${table} (id, label) VALUES (1, 'after')`);
    await next.commit();
    expect(await labels(table)).toEqual(['after']);
  });

  it('commit after a failed statement rejects and keeps nothing', async () => {
    const table = await newTable();
    const tx = await db.begin();
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'first')`);
    await expect(tx.query('SELECT 1 / 0')).rejects.toThrow();
    await expect(tx.commit()).rejects.toThrow();
    expect(await labels(table)).toEqual([]);
  });

  it('a second commit rejects', async () => {
    const table = await newTable();
    const tx = await db.begin();
    await tx.query(`INSERT INTO ${table} (id, label) VALUES (1, 'once')`);
    await tx.commit();
    await expect(tx.commit()).rejects.toThrow();
    expect(await labels(table)).toEqual(['once']);
  });

  it('a named statement runs again with other parameters', async () => {
    const table = await newTable();
    await db.query(`INSERT INTO ${table} (id, label) VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
    const sql = `SELECT label FROM ${table} WHERE id >= $1 ORDER BY id`;
    const name = `labels-from-${table}`;
    expect((await db.query<{ label: string }>(sql, [2], name)).rows.map((r) => r.label)).toEqual(['b', 'c']);
    expect((await db.query<{ label: string }>(sql, [3], name)).rows.map((r) => r.label)).toEqual(['c']);
    // In a transaction both runs use one connection, so the second reuses the prepared statement.
    const tx = await db.begin();
    expect((await tx.query<{ label: string }>(sql, [1], name)).rows.map((r) => r.label)).toEqual(['a', 'b', 'c']);
    expect((await tx.query<{ label: string }>(sql, [4], name)).rows).toEqual([]);
    await tx.commit();
  });

  it('an array parameter unnests to its elements, quoting and nulls included', async () => {
    const values = ['plain', 'with,comma', 'with "quotes"', 'back\\slash', '{braces}', '', null];
    const res = await db.query<{ v: string | null }>('SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n', [
      values,
    ]);
    expect(res.rows.map((r) => r.v)).toEqual(values);
    const empty = await db.query('SELECT v FROM unnest($1::text[]) AS u(v)', [[]]);
    expect(empty.rows).toEqual([]);
  });

  it('an array of uuids joins a table by key inside a transaction, as the batch writer does', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS keyed (id uuid PRIMARY KEY, n integer NOT NULL)');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await db.query('INSERT INTO keyed (id, n) SELECT id, 0 FROM unnest($1::uuid[]) AS u(id)', [ids]);
    const tx = await db.begin();
    const updated = await tx.query(
      'UPDATE keyed k SET n = u.n FROM unnest($1::uuid[], $2::int[]) AS u(id, n) WHERE k.id = u.id',
      [ids.slice(0, 2), [5, 7]],
      'keyed-update',
    );
    expect(updated.rowCount).toBe(2);
    await tx.commit();
    const rows = await db.query<{ id: string; n: number }>('SELECT id, n FROM keyed WHERE id = ANY($1::uuid[])', [ids]);
    expect(new Map(rows.rows.map((r) => [r.id, r.n]))).toEqual(
      new Map([
        [ids[0], 5],
        [ids[1], 7],
        [ids[2], 0],
      ]),
    );
  });

  it.runIf(kind === 'pglite')('a second begin() waits until the first transaction ends', async () => {
    const table = await newTable();
    const events: string[] = [];
    const first = await db.begin();
    const second = db.begin().then((tx) => {
      events.push('second began');
      return tx;
    });
    await first.query(`INSERT INTO ${table} (id, label) VALUES (1, 'first')`);
    await turn();
    await first.query(`SELECT * FROM ${table}`);
    await turn();
    events.push('first commits');
    await first.commit();
    const tx = await second;
    expect(events).toEqual(['first commits', 'second began']);
    // The second transaction starts after the first committed, so it sees its row.
    expect((await tx.query<{ label: string }>(`SELECT label FROM ${table}`)).rows).toEqual([{ label: 'first' }]);
    await tx.rollback();
  });
});
