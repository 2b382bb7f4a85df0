import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { httpLoad, type LoadRequest, type LoadResult } from './http-load.js';
import { ledgerCheck } from './ledger-check.js';
import { bestPrices, newUsers, ordersOf, type Touch } from './order-traffic.js';
import { client } from './orders-load.js';
import { freshPostgres } from './postgres-database.js';
import { sectionReplace, startServer } from './server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/**
 * Concurrency levels of the order load, most first. The goal is a throughput under a latency bound,
 * so the run sweeps the closed loop's size: in it, latency grows with connections once the server
 * is saturated, while orders/s stays.
 */
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '64,48,40,32').split(',').map(Number);
const CONNECTIONS = LEVELS[0] as number;
/** A second, light load: latency when the server is not saturated. */
const LIGHT_CONNECTIONS = 4;
const USERS = Number(process.env.BENCH_USERS ?? 200);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = path.join(ROOT, 'docs/benchmarks.md');

/** A closed-loop load from bench/http-load.ts: autocannon's per-request setup cost the shared machine more than the hello route. */
async function load(url: string, seconds: number, next: (i: number) => LoadRequest, connections = CONNECTIONS): Promise<LoadResult> {
  return httpLoad({ url, connections, seconds, next });
}

interface RunResult {
  db: string;
  orders: { connections: number; result: LoadResult; cpuUsPerOrder: number }[];
  light: LoadResult;
  hello: LoadResult;
  ledger: string;
}

async function run(db: 'PGlite' | 'PostgreSQL', env: Record<string, string>, ledgerEnv: Record<string, string>): Promise<RunResult> {
  const server = await startServer({ BENCH_ROUTES: '1', RATE_LIMIT_AUTH_PER_MINUTE: '0', ...env });
  const call = client(server.baseUrl, CONNECTIONS);
  const orders: RunResult['orders'] = [];
  let light: LoadResult;
  let hello: LoadResult;
  try {
    let prices: Touch = { bid: 0, ask: 0 };
    const refresh = setInterval(() => {
      bestPrices(call).then((p) => (prices = p), () => undefined);
    }, 1000);
    try {
      // Each level gets users of its own: the resting orders of one level hold most of its users' funds.
      let nextOrder = ordersOf([], () => prices);
      for (const connections of LEVELS) {
        const users = await newUsers(call, orders.length * USERS, USERS);
        prices = await bestPrices(call);
        nextOrder = ordersOf(users, () => prices);
        await load(server.baseUrl, 2, nextOrder, connections);
        const cpuBefore = server.cpuMs();
        const result = await load(server.baseUrl, SECONDS, nextOrder, connections);
        const cpuUsPerOrder = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, result.requests);
        orders.push({ connections, result, cpuUsPerOrder });
      }
      light = await load(server.baseUrl, 5, nextOrder, LIGHT_CONNECTIONS);
    } finally {
      clearInterval(refresh);
    }
    hello = await load(server.baseUrl, 5, () => ({ method: 'GET', path: `/api/v1/bench/hello?apikey=${DEFAULT_API_KEY}` }));
  } finally {
    await server.stop();
  }
  return { db, orders, light, hello, ledger: ledgerCheck(ledgerEnv) };
}

/**
 * How fast this machine's PostgreSQL commits one-row updates from one client (the yardstick the
 * issue's goal was set with), so figures from different machines can be compared: pgbench when it
 * is installed, else the same loop through node-postgres.
 */
async function singleRowCommits(url: string, seconds = 5): Promise<{ perSecond: number; how: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('CREATE TABLE bench_commits (id int PRIMARY KEY, n bigint NOT NULL)');
    await c.query('INSERT INTO bench_commits SELECT g, 0 FROM generate_series(1, 1000) g');
    const dir = mkdtempSync(path.join(tmpdir(), 'exch-pgbench-'));
    const script = path.join(dir, 'one-row.sql');
    writeFileSync(script, '\\set id random(1, 1000)\nUPDATE bench_commits SET n = n + 1 WHERE id = :id;\n');
    const db = new URL(url);
    const r = spawnSync('pgbench', ['-n', '-c', '1', '-T', String(seconds), '-f', script, '-h', db.hostname, '-p', db.port || '5432', '-U', db.username, db.pathname.slice(1)], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    const tps = /tps = ([\d.]+)/.exec(r.stdout ?? '')?.[1];
    if (r.status === 0 && tps) return { perSecond: Number(tps), how: 'pgbench, one client' };
    let n = 0;
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      await c.query({ name: 'bump', text: 'UPDATE bench_commits SET n = n + 1 WHERE id = $1', values: [(n % 1000) + 1] });
      n++;
    }
    return { perSecond: n / seconds, how: 'one node-postgres client (pgbench is not installed)' };
  } finally {
    await c.query('DROP TABLE IF EXISTS bench_commits');
    await c.end();
  }
}

let commitRate = { perSecond: 0, how: '' };

/** BENCH_DATABASES=PostgreSQL (or PGlite) runs one of the two, for quick iterations; docs are written only for both. */
const only = process.env.BENCH_DATABASES;
const results: RunResult[] = [];
if (!only || only === 'PGlite') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'exch-bench-orders-'));
  try {
    results.push(await run('PGlite', { DATA_DIR: dataDir }, { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!only || only === 'PostgreSQL') {
  const database = await freshPostgres('exch_bench_orders');
  try {
    commitRate = await singleRowCommits(database.url);
    results.push(await run('PostgreSQL', { DATABASE_URL: database.url }, { DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
}
for (const r of results) {
  for (const o of r.orders) console.dir([r.db, `${o.connections} connections`, o.result, `server CPU ${o.cpuUsPerOrder.toFixed(0)} us/order`], { depth: 3 });
  console.log(r.db, 'light', r.light, 'hello', r.hello, r.ledger);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The goal of issue 04 (≥ 5,000 orders/s with p99 < 20 ms on PostgreSQL): the most orders/s of a
 * level whose p99 is under 20 ms and whose orders were all accepted, met or by how much not.
 */
function goalNote(r: RunResult | undefined): string {
  if (!r) return '';
  // A level counts only if every order was accepted: refusals are fast and would flatter it.
  const within = r.orders
    .filter((o) => o.result.p99 < 20 && o.result.non2xx === 0 && o.result.errors === 0)
    .sort((a, b) => b.result.perSecond - a.result.perSecond)[0];
  const best = within ?? [...r.orders].sort((a, b) => a.result.p99 - b.result.p99)[0];
  if (!best) return '';
  const at = `${fmt(best.result.perSecond)} orders/s with p99 ${ms(best.result.p99)} ms at ${best.connections} connections`;
  const verdict =
    within && within.result.perSecond >= 5000
      ? `**Goal met** on PostgreSQL (≥ 5,000 orders/s with p99 < 20 ms): ${at}.`
      : `**Goal not met** on PostgreSQL: the best level under a p99 of 20 ms ${within ? `gave ${at}` : `does not exist (lowest p99: ${at})`}.`;
  return `${verdict} For scale: this machine's PostgreSQL did ${fmt(commitRate.perSecond)} single-row commits/s
(${commitRate.how}) in this run (the issue's goal was set where it did about 5,000), and the hello-world route did
${fmt(r.hello.perSecond)} req/s.`;
}
const ms = (n: number) => n.toFixed(1);
/** " = 503 LEDGER_BUSY 9,000 + 500 INTERNAL 446": what the non-2xx answers were, most first. */
const refused = (r: LoadResult) =>
  Object.entries(r.refusals)
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([key, { count }], i) => `${i === 0 ? ' = ' : ' + '}${key} ${fmt(count)}`)
    .join('');
const answers = (r: LoadResult) => `${fmt(r.requests)} (non-2xx ${fmt(r.non2xx)}${refused(r)}, errors ${fmt(r.errors)})`;
const body = `
Run with \`npm run bench:orders\` (bench/orders.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}.

The real server runs in its own process (market ticking), first on PGlite in a temp dir, then on a fresh
PostgreSQL database on 127.0.0.1. For each level of ${LEVELS.join(', then ')} keep-alive connections (bench/http-load.ts,
one request in flight each), ${USERS} new users sign up through the API (10,000 demo USDT each) and buy some BTC
from the market maker; then the connections send authenticated
\`POST /api/v1/orders\` on BTC-USDT for ${SECONDS} s each (after a 2 s warm-up), rotating the users: limit orders
of 0.00005 BTC, alternately buy and sell, four in five resting 5-15 % away from the touch and one in five
crossing the spread (filled by the market maker). The hello-world route (\`BENCH_ROUTES=1\`) runs 5 s in the
same run with the same load generator. A light load of ${LIGHT_CONNECTIONS} connections for 5 s shows the latency of an
order when the server is not saturated. The ledger check (\`npm run ledger:check\`) runs after the server stopped.
The load generator is our own raw-socket client: autocannon with a request built per call cost about
three times its CPU per request, which on two shared cores came out of the server's and PostgreSQL's share.

| database | connections | orders/s | p50 ms | p99 ms | max ms | server CPU µs/order | orders answered |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${results
  .flatMap((r) =>
    r.orders.map(
      (o) =>
        `| ${r.db} | ${o.connections} | ${fmt(o.result.perSecond)} | ${ms(o.result.p50)} | ${ms(o.result.p99)} | ${ms(o.result.max)} | ${fmt(o.cpuUsPerOrder)} | ${answers(o.result)} |`,
    ),
  )
  .join('\n')}

| database | light load: orders/s, p50, p99 ms | hello req/s | hello p99 ms | ledger check |
| --- | --- | ---: | ---: | --- |
${results
  .map((r) => `| ${r.db} | ${fmt(r.light.perSecond)}, ${ms(r.light.p50)}, ${ms(r.light.p99)} | ${fmt(r.hello.perSecond)} | ${ms(r.hello.p99)} | ${r.ledger} |`)
  .join('\n')}

${goalNote(results.find((r) => r.db === 'PostgreSQL'))}
`;
if (only) {
  console.log('BENCH_DATABASES is set: docs/benchmarks.md left as it is');
} else {
  writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'Order placement', body));
  console.log(`wrote ${DOCS}`);
}
