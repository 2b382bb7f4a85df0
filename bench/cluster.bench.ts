import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cluster, singleProcess, type Deployment } from './cluster-deployment.js';
import { httpLoad, type LoadResult } from './http-load.js';
import { ledgerCheck } from './ledger-check.js';
import { busyShare, machineCpu } from './machine-cpu.js';
import { bestPrices, newUsers, ordersOf, type Touch } from './order-traffic.js';
import { client, type Call } from './orders-load.js';
import { freshPostgres, type BenchDatabase } from './postgres-database.js';
import { sectionReplace } from './server-process.js';
import { measureFanout, type FanoutResult } from './ws-lag.js';

/** Short windows: the machine is shared, and each configuration is measured several times, interleaved. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const USERS = Number(process.env.BENCH_USERS ?? 200);
/** Websocket clients per step, fewest first; a configuration leaves the sweep at its first step past the bound. */
const CLIENT_STEPS = (process.env.BENCH_CLIENTS ?? '500,1000,2000,4000,8000').split(',').map(Number);
/** The issue's bound: clients count as served while the p99 of their books5 lag stays under it. */
const LAG_BOUND_MS = 100;
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const TITLE = 'Cluster: one process against two (issue 19)';

interface OrderRun {
  deployment: string;
  round: number;
  result: LoadResult;
  /** Each process's CPU over the window, in % of one core: the owner first. */
  cpu: number[];
  cpuUsPerOrder: number;
  machineBusy: number;
}

interface FanoutRun {
  deployment: string;
  result: FanoutResult;
}

/** A client behind a load balancer: each call to the next process. */
function roundRobin(d: Deployment): Call {
  const calls = ownerFirst(d).map((m) => client(m.baseUrl, CONNECTIONS));
  let n = 0;
  return (...args) => (calls[n++ % calls.length] as Call)(...args);
}

const ownerFirst = (d: Deployment) => [d.owner, ...d.members.filter((m) => m !== d.owner)];

/** The issue's order load (bench:orders' mix, fresh users each time) on every process of `d`, a share of the connections each. */
async function orderRun(d: Deployment, round: number): Promise<OrderRun> {
  const call = roundRobin(d);
  const users = await newUsers(call, round * USERS, USERS);
  let prices: Touch = await bestPrices(call);
  const refresh = setInterval(() => {
    bestPrices(call).then((p) => (prices = p), () => undefined);
  }, 1000);
  try {
    const load = (seconds: number) =>
      httpLoad({ url: d.members.map((m) => m.baseUrl), connections: CONNECTIONS, seconds, next: ordersOf(users, () => prices) });
    await load(2);
    const members = ownerFirst(d);
    const cpuBefore = members.map((m) => m.cpuMs());
    const machineBefore = machineCpu();
    const result = await load(SECONDS);
    const machineBusy = busyShare(machineBefore, machineCpu());
    const cpuMs = members.map((m, i) => m.cpuMs() - (cpuBefore[i] as number));
    return {
      deployment: d.name,
      round,
      result,
      cpu: cpuMs.map((ms) => ms / SECONDS / 10),
      cpuUsPerOrder: (cpuMs.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, result.requests),
      machineBusy,
    };
  } finally {
    clearInterval(refresh);
  }
}

/** Alternate directions (A B C, then C B A), so no configuration always runs right after the same one. */
const turn = <T>(list: readonly T[], i: number): T[] => (i % 2 === 0 ? [...list] : [...list].reverse());

const loadStart = loadavg()[0] as number;
const databases: BenchDatabase[] = [];
const deployments: Deployment[] = [];
const orderRuns: OrderRun[] = [];
const fanoutRuns: FanoutRun[] = [];
const ledger = new Map<string, string>();
try {
  const specs: [string, (url: string) => Promise<Deployment>][] = [
    ['single process', (url) => singleProcess('single process', url)],
    ['cluster, 1 process', (url) => cluster('cluster, 1 process', 1, url)],
    ['cluster, 2 processes', (url) => cluster('cluster, 2 processes', 2, url)],
  ];
  // All three stay up for the whole run (idle ones only tick their market), so their measurements can interleave.
  for (const [name, start] of specs) {
    const db = await freshPostgres('exch_bench_cluster');
    databases.push(db);
    deployments.push(await start(db.url));
    console.log(`${name} is up`);
  }

  // Websockets first, while every configuration's books hold only the market maker's orders.
  const sweeping = new Set(deployments);
  for (const [step, clients] of CLIENT_STEPS.entries()) {
    for (const d of turn(deployments, step).filter((x) => sweeping.has(x))) {
      const result = await measureFanout(d.members.map((m) => `${m.baseUrl.replace('http', 'ws')}/ws/public`), clients, SECONDS);
      fanoutRuns.push({ deployment: d.name, result });
      console.log(d.name, result);
      if (!(result.p99 < LAG_BOUND_MS)) sweeping.delete(d);
    }
    if (sweeping.size === 0) break;
  }

  for (let round = 0; round < ROUNDS; round++) {
    for (const d of turn(deployments, round)) {
      const run = await orderRun(d, round);
      orderRuns.push(run);
      console.log(d.name, `round ${round + 1}`, run.result, run.cpu.map((c) => `${c.toFixed(0)} %`).join(' + '), `machine busy ${(run.machineBusy * 100).toFixed(0)} %`);
    }
  }
} finally {
  await Promise.all(deployments.map((d) => d.stop()));
  for (const [i, d] of deployments.entries()) ledger.set(d.name, ledgerCheck({ DATABASE_URL: (databases[i] as BenchDatabase).url }));
  await Promise.all(databases.map((db) => db.drop()));
}
const loadEnd = loadavg()[0] as number;
console.log(Object.fromEntries(ledger), { loadStart, loadEnd });

const names = deployments.map((d) => d.name);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${n.toFixed(0)} %`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const runsOf = (name: string) => orderRuns.filter((r) => r.deployment === name);
const served = (name: string) => {
  const ok = fanoutRuns.filter((r) => r.deployment === name && r.result.p99 < LAG_BOUND_MS).map((r) => r.result.clients);
  const tried = fanoutRuns.filter((r) => r.deployment === name).map((r) => r.result.clients);
  if (ok.length === 0) return `fewer than ${fmt(Math.min(...tried))}`;
  const best = Math.max(...ok);
  return best === Math.max(...CLIENT_STEPS) ? `${fmt(best)} or more` : fmt(best);
};
const lagCell = (name: string, clients: number) => {
  const r = fanoutRuns.find((x) => x.deployment === name && x.result.clients === clients)?.result;
  if (!r) return '—';
  // A window in which the book never changed tells nothing of the lag; it still ends that configuration's sweep.
  return r.pushes === 0 ? 'no push' : `${fmt(r.p99)} (p50 ${fmt(r.p50)}, ${r.perClientPerSecond.toFixed(2)}/s)`;
};

const body = `
Run with \`npm run bench:cluster\` (bench/cluster.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}; PostgreSQL, NATS and Redis on the same machine. Load
average (1 min) at the start ${loadStart.toFixed(2)}, at the end ${loadEnd.toFixed(2)}: the machine is shared, so compare
the columns of this run, not figures of other sections.

Three configurations, each on a fresh PostgreSQL database, all started before the first measurement and
up for the whole run: **single process** (today's server, \`DATABASE_URL\` only), **cluster, 1 process**
(\`NATS_URL\` and \`REDIS_URL\` set, a \`CLUSTER_NAME\` of its own) and **cluster, 2 processes** (the same,
two processes on two ports; one holds the venue lease and runs every matching engine, the other
forwards order calls to it over NATS request-reply and relays its market data). The load goes to
every process of a configuration: the HTTP connections and the websocket clients are dealt over the
ports in turn, as a load balancer would. The configurations take turns (A B C, then C B A).

- **Orders**: bench:orders' load (bench/order-traffic.ts): ${USERS} new users per run sign up through the
  API and buy some BTC, then ${CONNECTIONS} keep-alive connections (one request in flight each) send
  \`POST /api/v1/orders\` on BTC-USDT for ${SECONDS} s after a 2 s warm-up: limit orders of 0.00005 BTC,
  four in five resting 5-15 % from the touch, one in five crossing. ${ROUNDS} rounds.
- **Websockets**: bench:ws' measure (bench/ws-lag.ts): clients subscribed to \`books5\` BTC-USDT
  for ${SECONDS} s (after 2 s), lag = receive time − the push's \`ts\` (the wall time of the engine's
  first change in it, on the owner; one machine clock, so valid across processes). Steps of
  ${CLIENT_STEPS.map(fmt).join(', ')} clients; a configuration leaves the sweep at its first step whose p99
  reaches ${LAG_BOUND_MS} ms. The clients all run in the bench process, on the same two cores.

| | ${names.join(' | ')} |
| --- | ${names.map(() => '---:').join(' | ')} |
| orders/s, each round | ${names.map((n) => runsOf(n).map((r) => fmt(r.result.perSecond)).join(', ')).join(' | ')} |
| orders p99 ms, each round | ${names.map((n) => runsOf(n).map((r) => r.result.p99.toFixed(1)).join(', ')).join(' | ')} |
| median orders/s | ${names.map((n) => fmt(median(runsOf(n).map((r) => r.result.perSecond)))).join(' | ')} |
| websocket clients served at books5 p99 lag < ${LAG_BOUND_MS} ms | ${names.map(served).join(' | ')} |

Orders, run by run (CPU from /proc over the measured window, in % of one core, the owner first;
"machine busy" is the share of both cores in use, whoever used it):

| round | configuration | orders/s | p50 ms | p99 ms | max ms | process CPU | server CPU µs/order | machine busy | orders answered |
| ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |
${orderRuns
  .map(
    (r) =>
      `| ${r.round + 1} | ${r.deployment} | ${fmt(r.result.perSecond)} | ${r.result.p50.toFixed(1)} | ${r.result.p99.toFixed(1)} | ${r.result.max.toFixed(1)} | ${r.cpu.map(pct).join(' + ')} | ${fmt(r.cpuUsPerOrder)} | ${pct(r.machineBusy * 100)} | ${fmt(r.result.requests)} (non-2xx ${fmt(r.result.non2xx)}, errors ${fmt(r.result.errors)}) |`,
  )
  .join('\n')}

Websocket lag on books5, p99 ms (p50, pushes per client per second):

| clients | ${names.join(' | ')} |
| ---: | ${names.map(() => '---').join(' | ')} |
${[...new Set(fanoutRuns.map((r) => r.result.clients))]
  .map((c) => `| ${fmt(c)} | ${names.map((n) => lagCell(n, c)).join(' | ')} |`)
  .join('\n')}

Ledger check after the run: ${names.map((n) => `${n}: ${ledger.get(n)}`).join('; ')}.
`;
writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), TITLE, body));
console.log(`wrote ${DOCS}`);
