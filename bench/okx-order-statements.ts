import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { newOkxKey, okxLoginFrame, okxSign, restingBuy } from './okx-keys.js';
import { bestPrices } from './order-traffic.js';
import { client } from './orders-load.js';
import { freshPostgres } from './postgres-database.js';
import { startServer } from './server-process.js';

/**
 * What one OKX order costs the database, apart from the machine's load: one client at a time (so
 * each request is its own ledger batch), the server's node-postgres statements counted by kind
 * (bench/pg-statements.mjs). Signed `POST /api/v5/trade/order` one after the other, then websocket
 * `batch-orders` of 10 one after the other. Run: `npx tsx bench/okx-order-statements.ts`.
 */
const HTTP_ORDERS = Number(process.env.BENCH_HTTP_ORDERS ?? 200);
const WS_BATCHES = Number(process.env.BENCH_WS_BATCHES ?? 20);
const BATCH = 10;

const countsFile = path.join(tmpdir(), `okx-statements-${process.pid}.json`);
const database = await freshPostgres('exch_bench_okx_statements');
const server = await startServer({
  BENCH_ROUTES: '1',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
  DATABASE_URL: database.url,
  PG_STATEMENTS_FILE: countsFile,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${fileURLToPath(new URL('pg-statements.mjs', import.meta.url))}`.trim(),
});

async function counts(): Promise<Record<string, number>> {
  rmSync(countsFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  while (!existsSync(countsFile)) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(readFileSync(countsFile, 'utf8')) as Record<string, number>;
}

const perOrder = (before: Record<string, number>, after: Record<string, number>, orders: number) =>
  Object.fromEntries(Object.keys(after).map((k) => [k, ((after[k] ?? 0) - (before[k] ?? 0)) / orders]));
/** Paces a loop to OKX's per-key limits (order: 60 per 2 s; batch-orders: 300 orders per 2 s), which must not be what answers. */
const pace = async (started: number, ms: number) => {
  const left = ms - (performance.now() - started);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

try {
  const call = client(server.baseUrl, 4);
  const key = await newOkxKey(call, 'okx-statements');
  const touch = await bestPrices(call);

  // One call first, so a cache (if any) holds the key: the steady state of a bot.
  const signed = (i: number) => {
    const body = JSON.stringify(restingBuy(i, touch, 'h'));
    const timestamp = new Date().toISOString();
    return call('POST', '/api/v5/trade/order', {
      'content-type': 'application/json',
      'OK-ACCESS-KEY': key.api_key,
      'OK-ACCESS-PASSPHRASE': key.passphrase,
      'OK-ACCESS-TIMESTAMP': timestamp,
      'OK-ACCESS-SIGN': okxSign(key.secret_key, `${timestamp}POST/api/v5/trade/order${body}`),
    }, body);
  };
  await signed(0);
  const httpBefore = await counts();
  const httpMs: number[] = [];
  for (let i = 1; i <= HTTP_ORDERS; i++) {
    const t0 = performance.now();
    const res = await signed(i);
    httpMs.push(performance.now() - t0);
    if (!res.body.includes('"sCode":"0"')) throw new Error(`order refused: ${res.body.slice(0, 200)}`);
    await pace(t0, 40);
  }
  const http = perOrder(httpBefore, await counts(), HTTP_ORDERS);

  const ws = new WebSocket(`${server.baseUrl.replace('http:', 'ws:')}/ws/v5/private`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', resolve);
  });
  const replies: ((text: string) => void)[] = [];
  ws.on('message', (raw: Buffer) => replies.shift()?.(raw.toString('utf8')));
  const next = () => new Promise<string>((resolve) => replies.push(resolve));
  ws.send(okxLoginFrame(key));
  await next();
  const wsBefore = await counts();
  const wsMs: number[] = [];
  for (let b = 0; b < WS_BATCHES; b++) {
    const t0 = performance.now();
    ws.send(JSON.stringify({ id: String(b), op: 'batch-orders', args: Array.from({ length: BATCH }, (_, k) => restingBuy(b * BATCH + k, touch, 'w')) }));
    const reply = await next();
    wsMs.push(performance.now() - t0);
    if (!reply.includes('"code":"0"')) throw new Error(`batch refused: ${reply.slice(0, 200)}`);
    await pace(t0, 100);
  }
  const wsCounts = perOrder(wsBefore, await counts(), WS_BATCHES * BATCH);
  ws.close();
  call.close();

  const fmt = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
  console.log(`HTTP POST /api/v5/trade/order, one at a time (${HTTP_ORDERS}): statements per order: ${fmt(http)}; median ${median(httpMs).toFixed(1)} ms`);
  console.log(`websocket batch-orders of ${BATCH}, one at a time (${WS_BATCHES}): statements per order: ${fmt(wsCounts)}; median per batch ${median(wsMs).toFixed(1)} ms`);
  console.log('(ledger batch writes include the simulated market\'s, which trades meanwhile)');
} finally {
  await server.stop();
  await database.drop();
  rmSync(countsFile, { force: true });
}
