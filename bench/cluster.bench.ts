import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launcher, singleProcess, type Deployment } from './cluster-deployment.js';
import { clusterReport, type FanoutRun, type OrderRun } from './cluster-report.js';
import { httpLoad } from './http-load.js';
import { ledgerCheck } from './ledger-check.js';
import { busyShare, machineCpu } from './machine-cpu.js';
import { bestPrices, newUsers, ordersOf, type Touch } from './order-traffic.js';
import { client, type Call } from './orders-load.js';
import { freshPostgres, type BenchDatabase } from './postgres-database.js';
import { sectionReplace, type BenchServer } from './server-process.js';
import { measureFanout } from './ws-lag.js';

/** Short windows: the machine is shared, and each configuration is measured several times, interleaved. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Orders in flight (one per keep-alive connection): bench:orders' 64, then more until a
 * configuration's rate stops growing, so that its capacity shows and not only its latency: with few
 * in flight a forwarded order's extra hop shows as a lower rate (docs/benchmarks-history.md, "Cluster: what
 * bounds the order rate").
 */
const IN_FLIGHT = (process.env.BENCH_CONNECTIONS ?? '64,256,512').split(',').map(Number);
const MAX_CONNECTIONS = Math.max(...IN_FLIGHT);
/** Each round gives one paired comparison per load (bench/paired-change.ts): five make an interval of use. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 200);
/** Websocket clients per step, fewest first; a configuration leaves the sweep at its first step past the bound. */
const CLIENT_STEPS = (process.env.BENCH_CLIENTS ?? '500,1000,2000,4000,8000').split(',').map(Number);
/** The issue's bound: clients count as served while the p99 of their books5 lag stays under it. */
const LAG_BOUND_MS = 100;
const IDLE_SECONDS = 10;
const SETTLE_MS = 500;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const TITLE = 'Cluster: one process against two (issue 19)';

/** Where the order load goes: a deployment, and which of its processes take the connections. */
interface OrderTarget {
  name: string;
  deployment: Deployment;
  entry: BenchServer[];
}

const ownerFirst = (d: Deployment) => [d.owner, ...d.members.filter((m) => m !== d.owner)];

/** A client behind a load balancer: each call to the next process. */
function roundRobin(servers: readonly BenchServer[]): Call {
  const calls = servers.map((m) => client(m.baseUrl, MAX_CONNECTIONS));
  let n = 0;
  const call = (...args: Parameters<Call>) => (calls[n++ % calls.length] as Call)(...args);
  return Object.assign(call, { close: () => calls.forEach((c) => c.close()) });
}

/** The issue's order load (bench:orders' mix, fresh users each time), the connections dealt over the target's processes. */
async function orderRun(t: OrderTarget, round: number, connections: number, run: number): Promise<OrderRun> {
  // The sign-ups' connections (some opened with an order, the users' first buy) are closed before
  // the load: left open, they would hold the launcher's share of order connections on the owner.
  const setup = roundRobin(t.entry);
  const users = await newUsers(setup, run * USERS, USERS).finally(() => setup.close());
  const call = roundRobin(t.entry);
  let prices: Touch = await bestPrices(call);
  const refresh = setInterval(() => {
    bestPrices(call).then((p) => (prices = p), () => undefined);
  }, 1000);
  try {
    const load = (seconds: number) =>
      httpLoad({ url: t.entry.map((m) => m.baseUrl), connections, seconds, next: ordersOf(users, () => prices) });
    await load(2);
    // The warm-up's connections have ended by now, and the launcher has heard so (its share of order connections on the owner).
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const members = ownerFirst(t.deployment);
    const cpuBefore = members.map((m) => m.cpuMs());
    const machineBefore = machineCpu();
    const result = await load(SECONDS);
    const machineBusy = busyShare(machineBefore, machineCpu());
    const cpuMs = members.map((m, i) => m.cpuMs() - (cpuBefore[i] as number));
    return {
      target: t.name,
      round,
      connections,
      result,
      cpu: cpuMs.map((ms) => ms / SECONDS / 10),
      cpuUsPerOrder: (cpuMs.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, result.requests),
      ownerUsPerOrder: ((cpuMs[0] as number) * 1000) / Math.max(1, result.requests),
      machineBusy,
    };
  } finally {
    clearInterval(refresh);
    call.close();
  }
}

/** Each process's CPU while nothing is asked of it (the market ticking, the owner's feed), in % of one core, the owner first. */
async function idleCpu(ds: readonly Deployment[]): Promise<Map<string, number[]>> {
  const before = ds.map((d) => ownerFirst(d).map((m) => m.cpuMs()));
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  return new Map(ds.map((d, i) => [d.name, ownerFirst(d).map((m, k) => (m.cpuMs() - (before[i]?.[k] as number)) / IDLE_SECONDS / 10)]));
}

/** The build the servers start from: others work in the same tree, so it may differ from HEAD. */
function buildMeasured(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain', '--', 'apps/server/src', 'packages').split('\n').filter(Boolean).length;
  return `${git('rev-parse', '--short', 'HEAD')}${changed ? ` with ${changed} uncommitted files in apps/server/src and packages/` : ''}`;
}

/** Alternate directions (A B C, then C B A), so no configuration always runs right after the same one. */
const turn = <T>(list: readonly T[], i: number): T[] => (i % 2 === 0 ? [...list] : [...list].reverse());

const loadStart = loadavg()[0] as number;
const build = buildMeasured();
const databases: BenchDatabase[] = [];
const deployments: Deployment[] = [];
const targets: OrderTarget[] = [];
const orderRuns: OrderRun[] = [];
const fanoutRuns: FanoutRun[] = [];
const ledger = new Map<string, string>();
let idle = new Map<string, number[]>();
try {
  // The clusters run as `npm run start:cluster` does: the launcher's one port deals the connections.
  const specs: [string, (name: string, url: string) => Promise<Deployment>][] = [
    ['single process', singleProcess],
    ['cluster, 1 process', (name, url) => launcher(name, 1, url)],
    ['cluster, 2 processes', (name, url) => launcher(name, 2, url)],
    // What forwarding costs: the same, with every order connection dealt in turn, so half cross NATS.
    ['cluster, 2 processes, order connections dealt in turn', (name, url) => launcher(name, 2, url, { OWNER_ORDER_CONNECTIONS: '0' })],
  ];
  // All four stay up for the whole run (idle ones only tick their market), so their measurements can interleave.
  for (const [name, start] of specs) {
    const db = await freshPostgres('exch_bench_cluster');
    databases.push(db);
    const d = await start(name, db.url);
    deployments.push(d);
    // A launcher's members all answer on its one port.
    targets.push({ name, deployment: d, entry: [...new Map(d.members.map((m) => [m.baseUrl, m])).values()] });
    console.log(`${name} is up`);
  }

  idle = await idleCpu(deployments);
  // Websockets first, while every configuration's books hold only the market maker's orders. The
  // launcher deals websockets in turn whatever its order share, so the last deployment would repeat the third.
  const sweeping = new Set(deployments.slice(0, 3));
  for (const [step, clients] of CLIENT_STEPS.entries()) {
    for (const d of turn([...sweeping], step)) {
      const result = await measureFanout(d.members.map((m) => `${m.baseUrl.replace('http', 'ws')}/ws/public`), clients, SECONDS);
      fanoutRuns.push({ deployment: d.name, result });
      console.log(d.name, result);
      if (!(result.p99 < LAG_BOUND_MS)) sweeping.delete(d);
    }
    if (sweeping.size === 0) break;
  }

  for (let round = 0; round < ROUNDS; round++) {
    for (const connections of IN_FLIGHT) {
      for (const t of turn(targets, round)) {
        const run = await orderRun(t, round, connections, orderRuns.length);
        orderRuns.push(run);
        const cpu = run.cpu.map((c) => `${c.toFixed(0)} %`).join(' + ');
        console.log(t.name, `round ${round + 1}, ${connections} in flight`, run.result, cpu, `machine busy ${(run.machineBusy * 100).toFixed(0)} %`);
      }
    }
  }
} finally {
  await Promise.all(deployments.map((d) => d.stop()));
  for (const [i, d] of deployments.entries()) ledger.set(d.name, ledgerCheck({ DATABASE_URL: (databases[i] as BenchDatabase).url }));
  await Promise.all(databases.map((db) => db.drop()));
}
const loadEnd = loadavg()[0] as number;
console.log(Object.fromEntries(ledger), { loadStart, loadEnd });

const body = clusterReport({
  seconds: SECONDS,
  inFlight: IN_FLIGHT,
  rounds: ROUNDS,
  users: USERS,
  clientSteps: CLIENT_STEPS,
  lagBoundMs: LAG_BOUND_MS,
  loadStart,
  loadEnd,
  build,
  deployments: deployments.slice(0, 3).map((d) => d.name),
  targets: targets.map((t) => t.name),
  orderRuns,
  fanoutRuns,
  idle,
  ledger,
});
writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), TITLE, body));
console.log(`wrote ${DOCS}`);
