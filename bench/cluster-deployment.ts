import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, processFigures, serving, startServer, type BenchServer } from './server-process.js';

/** The ones the tests use (apps/server/test/cluster/cluster-processes.ts). */
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OWNER_DEADLINE_MS = 60_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_DEADLINE_MS = 180_000;

/** One way to run the server: its processes (behind one port for a launcher), and the one that owns the venues. */
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

/** The pids of a process's children (Linux: /proc/<pid>/task/<pid>/children). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const isWorker = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('src/main.ts');
  } catch {
    return false;
  }
};

/**
 * `npm run start:cluster` as an operator runs it: the launcher on one port, `workers` server
 * processes behind it, each connection handed to one of them by the launcher (order connections to
 * the venues' owner up to OWNER_ORDER_CONNECTIONS, the rest in turn; `env` may set it). Every
 * member's `baseUrl` is the launcher's, so the load reaches the workers only as the launcher deals it.
 */
export async function launcher(name: string, workers: number, databaseUrl: string, env: Record<string, string> = {}): Promise<Deployment> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cluster/primary.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...COMMON,
      DATABASE_URL: databaseUrl,
      NATS_URL,
      REDIS_URL,
      CLUSTER_NAME: `bench${randomBytes(5).toString('hex')}`,
      JWT_SECRET: 'bench-only-secret',
      TWO_FACTOR_KEY: 'bench-only-two-factor-key',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WS_MAX_CONNECTIONS_PER_IP: '0',
      WORKERS: String(workers),
      ...env,
    },
    // The web app's build goes to stdout; the servers' warnings (JSON lines) are passed on.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.startsWith('{"level"')) console.log(line);
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + START_DEADLINE_MS;
    let pids: number[] = [];
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the launcher exited with ${child.exitCode}`);
      pids = childrenOf(child.pid as number).filter(isWorker);
      if ((await serving(baseUrl)) && pids.length === workers) break;
      if (Date.now() > deadline) throw new Error('the launcher did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const members: BenchServer[] = pids.map((pid) => ({ ...processFigures(baseUrl, pid), stop: async () => undefined }));
    return { name, members, owner: await settledOwner(databaseUrl, members), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
