import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { newOkxKeys, okxLoginFrame, restingBuy } from './okx-keys.js';
import { bestPrices } from './order-traffic.js';
import { client } from './orders-load.js';
import { freshPostgres } from './postgres-database.js';
import { startServer } from './server-process.js';

/**
 * The server's CPU per OKX order as its process places more of them: websocket `batch-orders` of
 * 10, one batch in flight per socket, and for each block of 10,000 orders placed the server
 * process's CPU time over the orders. CPU time, not wall time, so a shared machine's load moves it
 * least; a cost that grows with the orders a process has placed (a cache past its bound) shows as
 * a step between blocks. Run: `npx tsx bench/okx-ws-cpu-curve.ts` (BENCH_KEYS, BENCH_ORDERS).
 */
const KEYS = Number(process.env.BENCH_KEYS ?? 100);
/** Orders placed in all; a user rests at most 1,000 on a market, so at most KEYS × 1,000. */
const ORDERS = Math.min(Number(process.env.BENCH_ORDERS ?? 90_000), KEYS * 1_000);
const BLOCK = 10_000;
const BATCH = 10;

const database = await freshPostgres('exch_bench_okx_curve');
const server = await startServer({ BENCH_ROUTES: '1', RATE_LIMIT_AUTH_PER_MINUTE: '0', DEMO_GRANT_USDT: '1000000', DATABASE_URL: database.url });
try {
  const call = client(server.baseUrl, 20);
  const keys = await newOkxKeys(call, KEYS, 'okx-curve');
  let touch = await bestPrices(call);
  const refresh = setInterval(() => void bestPrices(call).then((t) => (touch = t), () => undefined), 1000);
  const wsUrl = `${server.baseUrl.replace('http:', 'ws:')}/ws/v5/private`;
  let n = 0;
  let placed = 0;
  const refused: Record<string, number> = {};
  let stop = false;
  const block = { placed: 0, cpuMs: server.cpuMs(), at: Date.now() };
  console.log('orders placed | server CPU µs per order | orders/s | load average');
  await new Promise<void>((resolve, reject) => {
    for (const key of keys) {
      const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
      ws.once('error', reject);
      const send = () => {
        if (stop) return void ws.close();
        ws.send(JSON.stringify({ id: String(n), op: 'batch-orders', args: Array.from({ length: BATCH }, () => restingBuy(n++, touch, 'c')) }));
      };
      ws.once('open', () => ws.send(okxLoginFrame(key)));
      ws.on('message', (raw: Buffer) => {
        const reply = JSON.parse(raw.toString('utf8')) as { event?: string; op?: string; data?: { sCode: string }[] };
        if (reply.event === 'login') return send();
        if (reply.op !== 'batch-orders') return;
        for (const d of reply.data ?? []) if (d.sCode === '0') placed++;
        else refused[d.sCode] = (refused[d.sCode] ?? 0) + 1;
        if (!stop && placed - block.placed >= BLOCK) {
          const cpuMs = server.cpuMs();
          const perOrder = ((cpuMs - block.cpuMs) * 1000) / (placed - block.placed);
          const perSecond = (placed - block.placed) / ((Date.now() - block.at) / 1000);
          console.log(`${block.placed}-${placed} | ${perOrder.toFixed(0)} | ${perSecond.toFixed(0)} | ${loadavg()[0]?.toFixed(1)}`);
          Object.assign(block, { placed, cpuMs, at: Date.now() });
          if (placed >= ORDERS) {
            stop = true;
            resolve();
          }
        }
        send();
      });
    }
  });
  clearInterval(refresh);
  call.close();
  console.log(`refused, by sCode (50011: a key's limit, when a starved server reads a socket's requests in a burst): ${JSON.stringify(refused)}`);
} finally {
  await server.stop();
  await database.drop();
}
