import pg from 'pg';
import type { Database, Queryable, SqlParam, Transaction } from './database.js';

function wrap(q: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: SqlParam[] = [], name?: string) {
      const res = await q.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
      return { rows: res.rows as T[], rowCount: res.rowCount ?? 0 };
    },
  };
}

async function begin(pool: pg.Pool): Promise<Transaction> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  let ended = false;
  const end = async (sql: 'COMMIT' | 'ROLLBACK'): Promise<void> => {
    if (ended) throw new Error('the transaction has ended');
    ended = true;
    let res: pg.QueryResult;
    try {
      res = await client.query(sql);
    } catch (err) {
      // A connection whose COMMIT or ROLLBACK failed is not given back to the pool.
      client.release(err as Error);
      throw err;
    }
    client.release();
    // After a failed statement PostgreSQL answers COMMIT with ROLLBACK instead of an error.
    if (sql === 'COMMIT' && res.command === 'ROLLBACK') throw new Error('the transaction was rolled back');
  };
  return { ...wrap(client), commit: () => end('COMMIT'), rollback: () => end('ROLLBACK') };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // Idle clients can error when the server restarts; without a listener that would crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  await pool.query('SELECT 1');
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    async tx(fn) {
      const t = await begin(pool);
      let result;
      try {
        result = await fn(t);
      } catch (err) {
        await t.rollback().catch(() => undefined);
        throw err;
      }
      await t.commit();
      return result;
    },
    begin: () => begin(pool),
    close: () => pool.end(),
  };
}
