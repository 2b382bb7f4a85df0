import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { httpLoad, type LoadResult } from './http-load.js';
import { ledgerCheck } from './ledger-check.js';
import { newOkxKeys, okxSign, openPrivateSockets, restingBuy, type OkxKey } from './okx-keys.js';
import { bestPrices, type Touch } from './order-traffic.js';
import { client } from './orders-load.js';
import { backendCpuMs, backendCpuSince, freshPostgres } from './postgres-database.js';
import { sectionReplace, startServer } from './server-process.js';

/**
 * Order entry over OKX's private websocket against `POST /api/v5/trade/order` in the same run
 * (issue 42's goal: at least 15,000 orders/s at p99 under 20 ms, and at least twice HTTP's rate).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Keys of the paced load (one user each): OKX's per-key limits (batch-orders 300 orders per 2 s, order 60 per 2 s) must not be what binds. */
const KEYS = Number(process.env.BENCH_KEYS ?? 200);
/**
 * Keys of the closed loop and of HTTP: a user has at most 1,000 live orders on a market and OKX's
 * per-key limits (batch-orders 150 orders/s, order 30/s), so with as many as the paced load's the
 * closed loop ran into the first (51004) and HTTP into the second (6,000/s from 200 keys), and
 * measured the bench's users instead of the server.
 */
const MOST_KEYS = 2 * KEYS;
/** Orders per batch-orders request: OKX's bots place in batches, as ccxt's createOrders does. */
const BATCH = 10;
const HTTP_CONNECTIONS = 64;
/** The paced run's ask, orders/s: issue 42's goal. */
const RATE = Number(process.env.BENCH_RATE ?? 15_000);
const DB = process.env.BENCH_DATABASE === 'PGlite' ? 'PGlite' : 'PostgreSQL';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = path.join(ROOT, 'docs/benchmarks.md');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

interface WsResult {
  perSecond: number;
  p50: number;
  p99: number;
  placed: number;
  refused: Record<string, number>;
}

/** CPU used while a load was measured: the server process's, and its database's PostgreSQL backends' (null on PGlite, which runs in the server). */
interface CpuUse {
  serverMs: number;
  databaseMs: number | null;
}

/** Reads what the server and its database used from now until `stop()`: what a load costs apart from the machine's other work. */
function cpuProbe(serverCpuMs: () => number, database: string | null): () => CpuUse {
  const server = serverCpuMs();
  const backends = database ? backendCpuMs(database) : null;
  return () => ({
    serverMs: serverCpuMs() - server,
    databaseMs: database && backends ? backendCpuSince(backends, backendCpuMs(database)) : null,
  });
}

/**
 * One socket per key. `rate` null: each socket keeps one batch in flight (the most the server
 * places). `rate` set: each socket sends a batch on its own clock whatever the replies (open
 * loop), so that together they ask `rate` orders/s and a batch's latency is the server's alone.
 * Orders/s counts the orders placed (sCode 0).
 */
async function wsLoad(wsUrl: string, keys: readonly OkxKey[], touch: () => Touch, probe: () => () => CpuUse, rate: number | null): Promise<WsResult & { cpu: CpuUse }> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let placed = 0;
  let n = 0;
  let measuring = false;
  let stop = false;
  const sockets = await openPrivateSockets(wsUrl, keys);
  const timers: NodeJS.Timeout[] = [];
  const run = (ws: WebSocket, index: number) => {
    const sentAt = new Map<string, { at: number; measured: boolean }>();
    const send = () => {
      if (stop) return;
      const args = Array.from({ length: BATCH }, () => restingBuy(n++, touch(), rate === null ? 'w' : 'p'));
      const id = String(n);
      sentAt.set(id, { at: performance.now(), measured: measuring });
      ws.send(JSON.stringify({ id, op: 'batch-orders', args }));
    };
    ws.on('message', (raw: Buffer) => {
      const reply = JSON.parse(raw.toString('utf8')) as { id?: string; op?: string; code?: string; data?: { sCode: string }[] };
      if (reply.op !== 'batch-orders') return;
      const sent = sentAt.get(reply.id ?? '');
      sentAt.delete(reply.id ?? '');
      if (sent?.measured && measuring) {
        latencies.push(performance.now() - sent.at);
        for (const d of reply.data ?? []) {
          if (d.sCode === '0') placed++;
          else refused[d.sCode] = (refused[d.sCode] ?? 0) + 1;
        }
        if ((reply.data ?? []).length === 0) refused[reply.code ?? '?'] = (refused[reply.code ?? '?'] ?? 0) + BATCH;
      }
      if (rate === null) send();
    });
    if (rate === null) return send();
    const everyMs = (keys.length * BATCH * 1000) / rate;
    // Spread the sockets' clocks over one interval, so the batches do not arrive together.
    timers.push(setTimeout(() => timers.push(setInterval(send, everyMs)), (index * everyMs) / keys.length));
  };
  sockets.forEach(run);
  await new Promise((r) => setTimeout(r, 2000));
  measuring = true;
  const started = performance.now();
  const used = probe();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const cpu = used();
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  timers.forEach((t) => clearInterval(t));
  sockets.forEach((ws) => ws.close());
  latencies.sort((a, b) => a - b);
  return { perSecond: placed / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), placed, refused, cpu };
}

/** Signed `POST /api/v5/trade/order`, keep-alive connections rotating the keys. */
function httpOrders(baseUrl: string, keys: readonly OkxKey[], touch: () => Touch): Promise<LoadResult> {
  return httpLoad({
    url: baseUrl,
    connections: HTTP_CONNECTIONS,
    seconds: SECONDS,
    next: (i) => {
      const key = keys[i % keys.length] as OkxKey;
      const body = JSON.stringify(restingBuy(i, touch(), 'h'));
      const timestamp = new Date().toISOString();
      return {
        method: 'POST',
        path: '/api/v5/trade/order',
        body,
        headers: {
          'content-type': 'application/json',
          'OK-ACCESS-KEY': key.api_key,
          'OK-ACCESS-PASSPHRASE': key.passphrase,
          'OK-ACCESS-TIMESTAMP': timestamp,
          'OK-ACCESS-SIGN': okxSign(key.secret_key, `${timestamp}POST/api/v5/trade/order${body}`),
          // Each key's bot on its own machine: the per-address limit (OKX_ADDRESS_KEYS) is not what binds.
          'x-forwarded-for': `10.0.${Math.floor((i % keys.length) / 250)}.${(i % keys.length) % 250}`,
        },
      };
    },
  });
}

const database = DB === 'PostgreSQL' ? await freshPostgres('exch_bench_okx_ws') : null;
const dataDir = database ? null : mkdtempSync(path.join(tmpdir(), 'exch-bench-okx-ws-'));
const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir as string };
const server = await startServer({ BENCH_ROUTES: '1', RATE_LIMIT_AUTH_PER_MINUTE: '0', TRUST_PROXY: '1', DEMO_GRANT_USDT: '1000000', ...env });
let ws: WsResult & { cpu: CpuUse };
let paced: WsResult & { cpu: CpuUse };
let http: LoadResult & { cpu: CpuUse };
const probe = () => cpuProbe(() => server.cpuMs(), database?.name ?? null);
try {
  const call = client(server.baseUrl, 20);
  // Two sets of users: each has at most 1,000 live orders on a market, and the paced run leaves its orders resting.
  const keys = await newOkxKeys(call, KEYS + MOST_KEYS, 'okx-ws');
  let touch = await bestPrices(call);
  const refresh = setInterval(() => void bestPrices(call).then((t) => (touch = t), () => undefined), 1000);
  try {
    const wsUrl = `${server.baseUrl.replace('http:', 'ws:')}/ws/v5/private`;
    paced = await wsLoad(wsUrl, keys.slice(0, KEYS), () => touch, probe, RATE);
    ws = await wsLoad(wsUrl, keys.slice(KEYS), () => touch, probe, null);
    const used = probe();
    const loaded = await httpOrders(server.baseUrl, keys.slice(KEYS), () => touch);
    http = { ...loaded, cpu: used() };
  } finally {
    clearInterval(refresh);
    call.close();
  }
} finally {
  await server.stop();
}
const ledger = ledgerCheck(env);
await database?.drop();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const httpPlaced = http.requests - http.non2xx;
const httpPerSecond = httpPlaced / SECONDS;
const ratio = ws.perSecond / Math.max(1, httpPerSecond);
/** CPU µs per order placed: the server's, and its database's backends' when on PostgreSQL. */
const perOrder = (cpu: CpuUse, placed: number) =>
  `${fmt((cpu.serverMs * 1000) / Math.max(1, placed))}${cpu.databaseMs === null ? '' : ` + ${fmt((cpu.databaseMs * 1000) / Math.max(1, placed))}`}`;
const load = loadavg()[0]?.toFixed(1);
const body = `
Run with \`npm run bench:okx-ws\` (bench/okx-ws-orders.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version}, ${DB}.

${KEYS + MOST_KEYS} users each make a trading key through \`/api/v1/api-keys\`: ${KEYS} for the paced load, ${MOST_KEYS} for the other two
(a user has at most 1,000 live orders on a market, and OKX's per-key limits allow 150 orders/s in batches and 30/s one by one). The websocket loads open one \`/ws/v5/private\` socket per key and log in. Paced: each socket sends a \`batch-orders\` of ${BATCH} on its own clock, whatever the replies,
so that together they ask ${fmt(RATE)} orders/s; the latency is then the server's own. Most: each socket keeps one batch
in flight, so the sockets ask as fast as the server answers and a batch's latency includes its wait behind the
${fmt(MOST_KEYS * BATCH)} orders in flight. Each load runs ${SECONDS} s after 2 s of warm-up; latency is a batch's, from send to reply.
Then ${HTTP_CONNECTIONS} keep-alive connections send signed \`POST /api/v5/trade/order\` (one order each) for ${SECONDS} s,
rotating the keys, each key from its own address (\`X-Forwarded-For\`, as bots on their own machines). Every order is a limit buy of 0.00005 BTC
resting 5-15 % under the bid, with a clOrdId of its own, as ccxt sends one with every order. OKX's per-key limits stay above what the load asks of each key.

| path | orders/s placed | p50 ms | p99 ms | CPU µs per order: server${DB === 'PostgreSQL' ? ' + PostgreSQL' : ''} | answered |
| --- | ---: | ---: | ---: | ---: | --- |
| websocket \`batch-orders\` (${BATCH} per request), paced at ${fmt(RATE)} orders/s | ${fmt(paced.perSecond)} | ${paced.p50.toFixed(1)} | ${paced.p99.toFixed(1)} | ${perOrder(paced.cpu, paced.placed)} | ${fmt(paced.placed)} placed, refused ${JSON.stringify(paced.refused)} |
| websocket \`batch-orders\` (${BATCH} per request), one batch in flight per socket | ${fmt(ws.perSecond)} | ${ws.p50.toFixed(1)} | ${ws.p99.toFixed(1)} | ${perOrder(ws.cpu, ws.placed)} | ${fmt(ws.placed)} placed, refused ${JSON.stringify(ws.refused)} |
| HTTP \`POST /api/v5/trade/order\` | ${fmt(httpPerSecond)} | ${http.p50.toFixed(1)} | ${http.p99.toFixed(1)} | ${perOrder(http.cpu, httpPlaced)} | ${fmt(httpPlaced)} placed, non-2xx ${fmt(http.non2xx)}, errors ${fmt(http.errors)} |

Websocket (most) over HTTP: ${ratio.toFixed(2)}x (goal at least 2x and 15,000 orders/s at p99 under 20 ms). Load average at the end: ${load}
(the machine's other work: the CPU per order, measured on the server's and its database's own processes, is the figure it moves least). Ledger check: ${ledger}.
`;
console.log(body);
writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'OKX private websocket order entry', body));
