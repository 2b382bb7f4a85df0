import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sectionReplace, startServer } from './server-process.js';
import { measureFanout, type FanoutResult } from './ws-lag.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 30);
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

const server = await startServer();
const rssBefore = server.rssMb();
let rssPeak = rssBefore;
let result: FanoutResult;
try {
  console.log(`${CLIENTS} clients subscribing to books (400 levels, deltas) BTC-USDT; measuring ${DURATION_S} s`);
  const track = () => {
    rssPeak = Math.max(rssPeak, server.rssMb());
  };
  result = await measureFanout([`${server.baseUrl.replace('http', 'ws')}/ws/v5/public`], CLIENTS, DURATION_S, track, 'books');
} finally {
  await server.stop();
}

const { pushes, p50, p99, max } = result;
const perClient = result.perClientPerSecond;
console.log({ pushes, perClientPerSecond: perClient, p50, p99, max, rssBefore, rssPeak });

const body = `
Run with \`npm run bench:ws-books\` (bench/books-fanout.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}.

As "Websocket fan-out", on OKX's \`books\` channel (issue 42): ${CLIENTS.toLocaleString('en-US')} \`ws\` clients on
\`/ws/v5/public\` subscribed to \`books\` BTC-USDT, each first given the 400-level snapshot, then measured over
${DURATION_S} s of deltas (changed levels, seqId/prevSeqId, CRC32 checksum). Lag = receive time − the delta's \`ts\`,
the wall-clock time of the first engine change it carries: the coalescing wait (at most one delta per
100 ms), the diff of the 400 levels and the checksum, built once, and ${CLIENTS.toLocaleString('en-US')} sends of that string.

| clients | deltas received | deltas / client / s | lag p50 ms | lag p99 ms | lag max ms | server RSS idle → peak |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${CLIENTS.toLocaleString('en-US')} | ${pushes.toLocaleString('en-US')} | ${perClient.toFixed(2)} | ${p50} | ${p99} | ${max} | ${rssBefore.toFixed(0)} MB → ${rssPeak.toFixed(0)} MB |
`;
writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'Websocket fan-out: books deltas', body));
console.log(`wrote ${DOCS}`);
