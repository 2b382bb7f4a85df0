import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DepositRecord } from '@exchange/contract';
import type { AppConfig } from '../../src/config.js';
import type { ClusterConfig } from '../../src/cluster/cluster-config.js';
import { Cluster } from '../../src/cluster/cluster.js';
import { buildApp, type App } from '../../src/app.js';
import { createPostgresDatabase, testConfig } from '../helpers.js';

/** The NATS and Redis of this machine, under a namespace of the test's own; no venue lease. */
export function testClusterConfig(): ClusterConfig {
  return {
    natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    namespace: `exchange.t${randomBytes(4).toString('hex')}`,
    leaseTtlMs: 3000,
    leaseCheckMs: 0,
  };
}

export interface TwoProcesses {
  a: App;
  b: App;
  close(): Promise<void>;
}

/** Two server processes (in-process apps) on one PostgreSQL database and one cluster namespace. */
export async function startTwoProcesses(overrides: Partial<AppConfig> = {}): Promise<TwoProcesses> {
  const database = await createPostgresDatabase();
  const config = testConfig({ databaseUrl: database.url, cluster: testClusterConfig(), ...overrides });
  const apps: App[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    await database.drop();
  };
  try {
    apps.push(await buildApp(config));
    apps.push(await buildApp(config));
    // Each subscription is on the NATS server before a test publishes anything.
    for (const app of apps) await app.services.cluster?.nats.flush();
  } catch (err) {
    await close();
    throw err;
  }
  return { a: apps[0] as App, b: apps[1] as App, close };
}

/** Two processes' cluster connections without the rest of the server, on one namespace. */
export async function connectTwo(): Promise<{ a: Cluster; b: Cluster; close(): Promise<void> }> {
  const config = testClusterConfig();
  const a = await Cluster.connect(config);
  const b = await Cluster.connect(config).catch(async (err: unknown) => {
    await a.close();
    throw err;
  });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
    },
  };
}

const natsOf = (p: App | Cluster) => ('nodeId' in p ? p : p.services.cluster)?.nats;

/**
 * Resolves once every message `from` published before the call has reached `to`: the NATS server
 * queues it for `to` before it answers `from`'s ping, and answers `to`'s ping after it.
 */
export async function crossed(from: App | Cluster, to: App | Cluster): Promise<void> {
  // Publishes leave at the end of the event loop's turn (Cluster.batch): let them go first.
  await new Promise((resolve) => setImmediate(resolve));
  await natsOf(from)?.flush();
  await natsOf(to)?.flush();
}

/** A logger that keeps the arguments of its warnings and says nothing. */
export function recordingLog(): { log: FastifyBaseLogger; warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args), error: () => undefined } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

/** A deposit's row as the contract has it. */
export const depositRow: DepositRecord = {
  id: 'd1',
  date: '2025-01-01T00:00:00.000Z',
  coin_name: 'Tether',
  symbol: 'USDT',
  image_path: '/usdt.svg',
  amount: '40',
  fee: '0',
  final_amount: '40',
  network: 'TRC20',
  address: 'T1',
  memo: null,
  tx_hash: '0xab',
  confirmations: 1,
  confirmations_needed: 20,
  status: 'submitted',
  reason: null,
};

/** A message in the cluster's envelope, or any text, as NATS carries it. */
export const wire = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
