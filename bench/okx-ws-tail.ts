import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { newOkxKeys, openPrivateSockets, restingBuy } from './okx-keys.js';
import { bestPrices } from './order-traffic.js';
import { client } from './orders-load.js';
import { backendCpuMs, backendCpuSince, freshPostgres } from './postgres-database.js';
import { startServer } from './server-process.js';

/**
 * Where the paced load's tail comes from (issue 42): the paced websocket load of
 * `bench/okx-ws-orders.bench.ts` alone on PostgreSQL, each second's latencies and each 100 ms
 * window's slowest batch, so that a stall shows when it happened and how long the queue behind it
 * took to drain; then CPU per order (server, PostgreSQL, this client) and the WAL per order
 * (`pg_stat_wal`, the whole PostgreSQL server's: run it on a quiet one). `BENCH_NODE_ARGS`
 * (`--trace-gc`, say) reaches the server. Run: `npx tsx bench/okx-ws-tail.ts`; `BENCH_RATE`,
 * `BENCH_SECONDS`, `BENCH_KEYS` as in that bench.
 */
const RATE = Number(process.env.BENCH_RATE ?? 15_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KEYS = Number(process.env.BENCH_KEYS ?? 200);
const BATCH = 10;
const WARM_UP_S = 2;
/** The width of the windows whose slowest batch is printed. */
const WINDOW_MS = 100;

const at = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (x: number) => x.toFixed(1);

async function walNow(url: string): Promise<{ records: number; bytes: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query<{ records: string; bytes: string }>('SELECT wal_records::text AS records, wal_bytes::text AS bytes FROM pg_stat_wal');
    return { records: Number(res.rows[0]?.records), bytes: Number(res.rows[0]?.bytes) };
  } finally {
    await c.end();
  }
}

const database = await freshPostgres('exch_bench_okx_tail');
const server = await startServer({ BENCH_ROUTES: '1', RATE_LIMIT_AUTH_PER_MINUTE: '0', DEMO_GRANT_USDT: '1000000', DATABASE_URL: database.url });
try {
  const call = client(server.baseUrl, 20);
  const keys = await newOkxKeys(call, KEYS, 'okx-tail');
  let touch = await bestPrices(call);
  const refresh = setInterval(() => void bestPrices(call).then((t) => (touch = t), () => undefined), 1000);
  const wsUrl = `${server.baseUrl.replace('http:', 'ws:')}/ws/v5/private`;
  const sockets = await openPrivateSockets(wsUrl, keys);

  const started = performance.now();
  /** Latencies by the second their batch was sent in, and each window's slowest. */
  const seconds: number[][] = [];
  const windows: number[] = [];
  let sent = 0;
  let stop = false;
  const timers: NodeJS.Timeout[] = [];
  const everyMs = (KEYS * BATCH * 1000) / RATE;
  sockets.forEach((ws, index) => {
    const sentAt = new Map<string, number>();
    ws.on('message', (raw: Buffer) => {
      const reply = JSON.parse(raw.toString('utf8')) as { id?: string; op?: string };
      if (reply.op !== 'batch-orders') return;
      const t = sentAt.get(reply.id ?? '');
      if (t === undefined) return;
      sentAt.delete(reply.id ?? '');
      const latency = performance.now() - t;
      (seconds[Math.floor((t - started) / 1000)] ??= []).push(latency);
      const w = Math.floor((t - started) / WINDOW_MS);
      windows[w] = Math.max(windows[w] ?? 0, latency);
    });
    const send = () => {
      if (stop) return;
      const args = Array.from({ length: BATCH }, () => restingBuy(sent++, touch, 't'));
      const id = String(sent);
      sentAt.set(id, performance.now());
      ws.send(JSON.stringify({ id, op: 'batch-orders', args }));
    };
    timers.push(setTimeout(() => timers.push(setInterval(send, everyMs)), (index * everyMs) / KEYS));
  });

  await new Promise((r) => setTimeout(r, WARM_UP_S * 1000));
  const sentBefore = sent;
  const serverBefore = server.cpuMs();
  const backendsBefore = backendCpuMs(database.name);
  const clientBefore = process.cpuUsage();
  const walBefore = await walNow(database.url);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const orders = sent - sentBefore;
  const serverMs = server.cpuMs() - serverBefore;
  const databaseMs = backendCpuSince(backendsBefore, backendCpuMs(database.name));
  const clientUse = process.cpuUsage(clientBefore);
  const walAfter = await walNow(database.url);
  stop = true;
  timers.forEach((t) => clearInterval(t));
  clearInterval(refresh);
  // The last batches' replies.
  await new Promise((r) => setTimeout(r, 1000));
  sockets.forEach((ws) => ws.close());
  call.close();

  console.log(`Paced at ${RATE.toLocaleString('en-US')} orders/s, ${KEYS} sockets, ${SECONDS} s after ${WARM_UP_S} s of warm-up (PostgreSQL). Each second by when its batches were sent:`);
  const measured: number[] = [];
  seconds.forEach((list, s) => {
    if (s < WARM_UP_S || s >= WARM_UP_S + SECONDS) return;
    const sorted = [...list].sort((a, b) => a - b);
    measured.push(...sorted);
    console.log(`  s${s}: ${sorted.length * BATCH} orders, p50 ${ms(at(sorted, 50))} ms, p99 ${ms(at(sorted, 99))} ms, max ${ms(sorted.at(-1) ?? 0)} ms`);
  });
  console.log(`The slowest batch of each ${WINDOW_MS} ms window (ms), one line a second:`);
  const perSecond = 1000 / WINDOW_MS;
  for (let w = WARM_UP_S * perSecond; w < (WARM_UP_S + SECONDS) * perSecond; w += perSecond) {
    console.log(`  s${w / perSecond}: ${Array.from({ length: perSecond }, (_, k) => Math.round(windows[w + k] ?? 0)).join(' ')}`);
  }
  measured.sort((a, b) => a - b);
  const clientMs = (clientUse.user + clientUse.system) / 1000;
  const per = (x: number) => ((x * 1000) / Math.max(1, orders)).toFixed(1);
  console.log(`All: p50 ${ms(at(measured, 50))} ms, p99 ${ms(at(measured, 99))} ms, max ${ms(measured.at(-1) ?? 0)} ms.`);
  console.log(`CPU µs per order: server ${per(serverMs)}, PostgreSQL ${per(databaseMs)}, this client ${per(clientMs)}.`);
  console.log(`WAL per order: ${((walAfter.records - walBefore.records) / Math.max(1, orders)).toFixed(2)} records, ${Math.round((walAfter.bytes - walBefore.bytes) / Math.max(1, orders))} bytes.`);
} finally {
  await server.stop();
  await database.drop();
}
