import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { httpLoad, type LoadRequest, type LoadResult } from './http-load.js';
import { client, type Call } from './orders-load.js';
import { sectionReplace, startServer } from './server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = path.join(ROOT, 'docs/benchmarks.md');
const KEY = DEFAULT_API_KEY;

interface User {
  uid: number;
  auth: Record<string, string>;
}

/** A closed-loop load from bench/http-load.ts: autocannon's per-request setup cost the shared machine more than the hello route. */
async function load(url: string, seconds: number, next: (i: number) => LoadRequest): Promise<LoadResult> {
  return httpLoad({ url, connections: CONNECTIONS, seconds, next });
}

interface RunResult {
  db: string;
  orders: LoadResult;
  hello: LoadResult;
  ledger: string;
}

async function signUp(call: Call, n: number): Promise<User> {
  const email = `bench.${n}.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const body = JSON.stringify({ email, password, confirm_password: password });
  const res = await call('POST', '/api/user_account/signup', { 'content-type': 'application/json' }, body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  const { user_id: userId, token } = JSON.parse(res.body) as { user_id: string; token: string };
  const auth = { authorization: `Bearer ${token}` };
  const info = await call('GET', `/api/user_account/getUserInformation/?user_id=${userId}`, auth);
  return { uid: (JSON.parse(info.body) as { user: { uid: number } }).user.uid, auth };
}

async function bestPrices(call: Call): Promise<{ bid: number; ask: number }> {
  const res = await call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=1');
  const book = (JSON.parse(res.body) as { data: { bids: string[][]; asks: string[][] }[] }).data[0];
  return { bid: Number(book?.bids[0]?.[0]), ask: Number(book?.asks[0]?.[0]) };
}

function orderPath(u: User, q: Record<string, string>): string {
  return `/api/v1/orders?${new URLSearchParams({ apikey: KEY, uid: String(u.uid), coin_id: '1', ...q }).toString()}`;
}

function ledgerCheck(env: Record<string, string>): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger/check-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return `${r.stdout.trim()}${r.stderr.trim() ? ` ${r.stderr.trim().split('\n').slice(0, 3).join(' / ')}` : ''} (exit ${r.status})`;
}

async function run(db: 'PGlite' | 'PostgreSQL', env: Record<string, string>, ledgerEnv: Record<string, string>): Promise<RunResult> {
  const server = await startServer({ BENCH_ROUTES: '1', RATE_LIMIT_AUTH_PER_MINUTE: '0', ...env });
  const call = client(server.baseUrl, CONNECTIONS);
  let orders: LoadResult;
  let hello: LoadResult;
  try {
    const users: User[] = [];
    for (let i = 0; i < USERS; i += 20) {
      users.push(...(await Promise.all(Array.from({ length: Math.min(20, USERS - i) }, (_, k) => signUp(call, i + k)))));
    }
    // Every user buys some BTC from the market maker first, so that half the load can sell.
    await Promise.all(
      users.map((u) =>
        call('POST', orderPath(u, { order_type: 'buy', excecution_type: 'market', amount: '0.03', total_in_usdt: '3000' }), u.auth),
      ),
    );
    let prices = await bestPrices(call);
    const refresh = setInterval(() => {
      bestPrices(call).then((p) => (prices = p), () => undefined);
    }, 1000);
    // Resting orders 5-15 % away from the touch on both sides, and one order in five crossing the spread.
    const nextOrder = (i: number) => {
      const u = users[i % users.length] as User;
      const side = i % 2 === 0 ? 'buy' : 'sell';
      const crossing = i % 5 === 0;
      const away = 0.05 + ((i * 7919) % 1000) / 10_000;
      const price = crossing
        ? side === 'buy'
          ? prices.ask * 1.001
          : prices.bid * 0.999
        : side === 'buy'
          ? prices.bid * (1 - away)
          : prices.ask * (1 + away);
      return {
        method: 'POST',
        path: orderPath(u, { order_type: side, price: price.toFixed(2), amount: '0.00005' }),
        headers: u.auth,
      };
    };
    try {
      await load(server.baseUrl, 2, nextOrder);
      orders = await load(server.baseUrl, SECONDS, nextOrder);
    } finally {
      clearInterval(refresh);
    }
    hello = await load(server.baseUrl, 5, () => ({ method: 'GET', path: `/api/v1/bench/hello?apikey=${KEY}` }));
  } finally {
    await server.stop();
  }
  return { db, orders, hello, ledger: ledgerCheck(ledgerEnv) };
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `exch_bench_orders_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

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
  const database = await freshPostgres();
  try {
    results.push(await run('PostgreSQL', { DATABASE_URL: database.url }, { DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
}
for (const r of results) console.log(r.db, r.orders, r.hello, r.ledger);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** The goal of issue 04 (≥ 5,000 orders/s with p99 < 20 ms on PostgreSQL), met or by how much not. */
function goalNote(r: RunResult | undefined): string {
  if (!r) return '';
  const met = r.orders.perSecond >= 5000 && r.orders.p99 < 20;
  const verdict = met
    ? `**Goal met** on PostgreSQL (≥ 5,000 orders/s with p99 < 20 ms).`
    : `**Goal not met** on PostgreSQL: ${fmt(r.orders.perSecond)} orders/s is ${Math.round((r.orders.perSecond / 5000) * 100)} % of 5,000, p99 ${ms(r.orders.p99)} ms against 20 ms.`;
  return `${verdict} Orders are group-committed (one transaction per batch of every order waiting, four round trips
whatever its size), so commits per second are not the limit. A CPU profile of the server under this
load on PostgreSQL showed it idle about a third of the time, waiting for the round trips of the one
batch in flight, and otherwise busy with HTTP handling, the auth and apikey hooks, helmet's headers,
zod and decimal arithmetic; the two cores are shared by the server, the load generator (autocannon)
and PostgreSQL, and the hello-world route itself does only about 10,000 req/s here. Reaching 5,000
would take overlapping batches (the next one locking while the previous one commits) and cheaper
shared hooks. Latency is queueing: every connection always has an order outstanding, so
p50 ≈ connections ÷ throughput. On PGlite the database runs inside the server's event loop
(WebAssembly), which costs about half of the server's CPU.`;
}
const ms = (n: number) => n.toFixed(1);
const answers = (r: LoadResult) => `${fmt(r.requests)} (non-2xx ${fmt(r.non2xx)}, errors ${fmt(r.errors)})`;
const body = `
Run with \`npm run bench:orders\` (bench/orders.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}.

The real server runs in its own process (market ticking), first on PGlite in a temp dir, then on a fresh
PostgreSQL database on 127.0.0.1. ${USERS} users sign up through the API (10,000 demo USDT each) and buy some
BTC from the market maker; then autocannon with ${CONNECTIONS} connections sends authenticated
\`POST /api/v1/orders\` on BTC-USDT for ${SECONDS} s (after a 2 s warm-up), rotating the users: limit orders
of 0.00005 BTC, alternately buy and sell, four in five resting 5-15 % away from the touch and one in five
crossing the spread (filled by the market maker). The hello-world route (\`BENCH_ROUTES=1\`) runs 5 s in the
same run with the same load generator. The ledger check (\`npm run ledger:check\`) runs after the server stopped.

| database | orders/s | p50 ms | p99 ms | max ms | orders answered | hello req/s | hello p99 ms | ledger check |
| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |
${results
  .map(
    (r) =>
      `| ${r.db} | ${fmt(r.orders.perSecond)} | ${ms(r.orders.p50)} | ${ms(r.orders.p99)} | ${ms(r.orders.max)} | ${answers(r.orders)} | ${fmt(r.hello.perSecond)} | ${ms(r.hello.p99)} | ${r.ledger} |`,
  )
  .join('\n')}

${goalNote(results.find((r) => r.db === 'PostgreSQL'))}
`;
if (only) {
  console.log('BENCH_DATABASES is set: docs/benchmarks.md left as it is');
} else {
  writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'Order placement', body));
  console.log(`wrote ${DOCS}`);
}
