import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/database.js';
import { openPostgres } from '../../src/db/postgres.js';
import { createPostgresDatabase } from '../helpers.js';
import { freePort, httpClient, startServer, type Call, type HttpAnswer, type ServerChild } from '../crash/server-child.js';

export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Member {
  index: number;
  server: ServerChild;
  call: Call;
  close(): void;
  /** Killed or stopped by the test: the cluster's call skips it. */
  down: boolean;
}

export interface ClusterUnderTest {
  members: Member[];
  /** The database the processes share, for the checks (its own pool). */
  db: Database;
  env: Record<string, string>;
  /** The member whose process holds the venue lease now, or null while none does. */
  owner(): Promise<{ member: Member | null; epoch: number }>;
  /** Waits until a live member holds the lease and answers a venue call; returns it. */
  settledOwner(timeoutMs?: number): Promise<Member>;
  /**
   * A call to the cluster as a client behind a load balancer would make it: members in turn, the next
   * one when a member is down, and a call answered 503 (nothing done, the market moving) sent again
   * after a pause. A call that lost its connection is sent again only with an Idempotency-Key.
   */
  call: Call;
  /** SIGTERM to every live member (SIGKILL to the ones the test brought down); the database stays. */
  stopProcesses(): Promise<void>;
  /** Stops the processes, then closes the database's pool and drops the database. */
  stop(): Promise<void>;
}

const RETRY_MS = 250;
const RETRY_FOR_MS = 20_000;

export async function startCluster(size: number, extraEnv: Record<string, string> = {}): Promise<ClusterUnderTest> {
  const database = await createPostgresDatabase();
  const dataDirs: string[] = [];
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    NATS_URL,
    REDIS_URL,
    CLUSTER_NAME: `t${randomBytes(5).toString('hex')}`,
    JWT_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    MARKET_SEED: 'cluster',
    ...extraEnv,
  };
  const members: Member[] = [];
  const db = await openPostgres(database.url);
  const stopProcesses = async () => {
    await Promise.all(
      members.map(async (m) => {
        m.close();
        if (!m.down) await m.server.stop().catch(() => undefined);
        else {
          m.server.kill();
          await m.server.exited;
        }
        m.down = true;
      }),
    );
  };
  const stopAll = async () => {
    await stopProcesses();
    await db.close();
    await database.drop();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    // The first alone (it runs the migrations and takes the lease), then the others together.
    const start = async (index: number) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-cluster-'));
      dataDirs.push(dataDir);
      const server = await startServer(await freePort(), { ...env, DATA_DIR: dataDir });
      const client = httpClient(server.baseUrl);
      members[index] = { index, server, call: client.call, close: client.close, down: false };
    };
    await start(0);
    await Promise.all(Array.from({ length: size - 1 }, (_, i) => start(i + 1)));
  } catch (err) {
    await stopAll();
    throw err;
  }

  const owner = async () => {
    const res = await db.query<{ holder: string | null; epoch: string; live: boolean }>(
      `SELECT holder, epoch::text AS epoch, expires_at > now() AS live FROM venue_leases WHERE name = 'venues'`,
    );
    const row = res.rows[0];
    const member = row?.holder && row.live ? (members.find((m) => row.holder?.includes(`-${m.server.pid}-`)) ?? null) : null;
    return { member, epoch: Number(row?.epoch ?? 0) };
  };

  let next = 0;
  const call: Call = async (method, urlPath, headers = {}, body) => {
    const deadline = Date.now() + RETRY_FOR_MS;
    const keyed = headers['idempotency-key'] !== undefined;
    let last: HttpAnswer | null = null;
    while (Date.now() < deadline) {
      const live = members.filter((m) => !m.down);
      const m = live[next++ % live.length] as Member;
      let res: HttpAnswer;
      try {
        res = await m.call(method, urlPath, headers, body);
      } catch (err) {
        if (!keyed && method !== 'GET') throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS));
        continue;
      }
      if (res.status !== 503) return res;
      last = res;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    if (last) return last;
    throw new Error(`${method} ${urlPath}: no member answered within ${RETRY_FOR_MS} ms`);
  };

  const settledOwner = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { member } = await owner();
      if (member && !member.down) {
        const res = await member.call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=1').catch(() => null);
        if (res?.status === 200) return member;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no member owned the venues within ${timeoutMs} ms:\n${members.map((m) => m.server.output()).join('\n---\n')}`);
  };

  return { members, db, env, owner, settledOwner, call, stopProcesses, stop: stopAll };
}

/** A nats-server or redis-server of the test's own, which it stops and starts again (the machine's are shared). */
export interface PrivateService {
  url: string;
  /** SIGKILL, as a crash; resolves once the process is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it takes connections. */
  start(): Promise<void>;
}

const SERVICE_START_MS = 10_000;

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function privateService(kind: 'nats' | 'redis'): Promise<PrivateService> {
  const port = await freePort();
  const [command, args] =
    kind === 'nats'
      ? ['/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(port)]]
      : ['redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no']];
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(command, args, { stdio: 'ignore' });
    child = started;
    const deadline = Date.now() + SERVICE_START_MS;
    while (!(await accepts(port))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`${command} did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return { url: `${kind}://127.0.0.1:${port}`, stop, start };
}
