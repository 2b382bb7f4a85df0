import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type BenchServer } from './server-process.js';

/** The ones the tests use (apps/server/test/cluster/cluster-processes.ts). */
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OWNER_DEADLINE_MS = 60_000;

/** One way to run the server: its processes, each on its own port, and the one that owns the venues. */
export interface Deployment {
  name: string;
  members: BenchServer[];
  owner: BenchServer;
  stop(): Promise<void>;
}

const COMMON = { RATE_LIMIT_AUTH_PER_MINUTE: '0' };

/** Today's single process on PostgreSQL, without NATS or Redis. */
export async function singleProcess(name: string, databaseUrl: string): Promise<Deployment> {
  const server = await startServer({ ...COMMON, DATABASE_URL: databaseUrl });
  return { name, members: [server], owner: server, stop: () => server.stop() };
}

/** The process whose node id (`<host>-<pid>-<random>`) holds the live venue lease, once it answers for the venues. */
async function settledOwner(databaseUrl: string, members: BenchServer[]): Promise<BenchServer> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + OWNER_DEADLINE_MS;
    while (Date.now() < deadline) {
      const res = await db.query<{ holder: string | null }>(
        `SELECT holder FROM venue_leases WHERE name = 'venues' AND expires_at > now()`,
      );
      const holder = res.rows[0]?.holder;
      const owner = holder ? members.find((m) => holder.includes(`-${m.pid}-`)) : undefined;
      if (owner && (await fetch(`${owner.baseUrl}/api/v5/market/books?instId=BTC-USDT&sz=1`)).ok) return owner;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await db.end();
  }
  throw new Error(`no process of ${members.length} owned the venues within ${OWNER_DEADLINE_MS} ms`);
}

/**
 * `size` server processes in cluster mode (NATS and Redis on, a namespace of their own) on one
 * PostgreSQL database. Started one after the other: the first takes the venue lease and runs the
 * migrations the others find done.
 */
export async function cluster(name: string, size: number, databaseUrl: string): Promise<Deployment> {
  const env = {
    ...COMMON,
    DATABASE_URL: databaseUrl,
    NATS_URL,
    REDIS_URL,
    CLUSTER_NAME: `bench${randomBytes(5).toString('hex')}`,
  };
  const members: BenchServer[] = [];
  const stop = async () => {
    await Promise.all(members.map((m) => m.stop()));
  };
  try {
    for (let i = 0; i < size; i++) members.push(await startServer(env));
    return { name, members, owner: await settledOwner(databaseUrl, members), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
