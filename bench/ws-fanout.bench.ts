import { CLIENTS, DURATION_S, runFanout, writeSection } from './fanout-run.js';

const run = await runFanout('/ws/public', 'books5', 'books5', 'npm run bench:ws', 'bench/ws-fanout.bench.ts');
const { pushes, rssBefore, rssPeak } = run;
const perClient = run.perClientPerSecond;

const body = `
${run.header}

The real server (own process, PGlite in a temp dir, market ticking every second) and ${CLIENTS.toLocaleString('en-US')} \`ws\`
clients (one bench process, no compression) subscribed to \`books5\` BTC-USDT, measured over ${DURATION_S} s. Lag =
receive time − the push's \`ts\` (the wall-clock time of the first engine change in the batch, same
machine clock), so it includes the coalescing wait (pushes at most every 100 ms per market), building
the message once, and sending it to every subscriber.

| clients | pushes received | pushes / client / s | lag p50 ms | lag p99 ms | lag max ms | server RSS idle → peak |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${run.row}

- ${perClient.toFixed(2)} pushes a client a second: the BTC book's top 5 levels change when the market maker
  requotes after the simulated price moved or a trade took a level (not every 1 s step). Each push is
  one message build, framed once, and that one Buffer written to ${CLIENTS.toLocaleString('en-US')} sockets, 1,000 a turn of
  the event loop.
- p99 ≈ max: all clients get the same push, so the slowest of the ~${Math.round(pushes / CLIENTS)} pushes sets the tail. The
  market step, the once-a-second trade insert (PGlite runs its WASM PostgreSQL on the server's own
  thread) and GC share the event loop with the fan-out; the clients share the machine's cores.
- RSS: the ${CLIENTS.toLocaleString('en-US')} connections add ${Math.max(0, rssPeak - rssBefore).toFixed(0)} MB; what the rest is made of
  (PGlite, the market's candles and tickers) and how it behaves over time is in "Server memory" below.
`;
writeSection('Websocket fan-out', body);
