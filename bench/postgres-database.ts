import pg from 'pg';

/** The server PostgreSQL the benchmarks create their databases on (127.0.0.1, trust). */
export const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new, empty database (the server migrates it on start), dropped with its connections by drop(). */
export async function freshPostgres(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
