import { CLIENTS, DURATION_S, runFanout, writeSection } from './fanout-run.js';

const run = await runFanout('/ws/v5/public', 'books', 'books (400 levels, deltas)', 'npm run bench:ws-books', 'bench/books-fanout.bench.ts');

const body = `
${run.header}

As "Websocket fan-out", on OKX's \`books\` channel (issue 42): ${CLIENTS.toLocaleString('en-US')} \`ws\` clients on
\`/ws/v5/public\` subscribed to \`books\` BTC-USDT, each first given the 400-level snapshot, then measured over
${DURATION_S} s of deltas (changed levels, seqId/prevSeqId, CRC32 checksum). Lag = receive time − the delta's \`ts\`,
the wall-clock time of the first engine change it carries: the coalescing wait (at most one delta per
100 ms), the diff of the 400 levels and the checksum, built once, and ${CLIENTS.toLocaleString('en-US')} sends of that string.

| clients | deltas received | deltas / client / s | lag p50 ms | lag p99 ms | lag max ms | server RSS idle → peak |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${run.row}
`;
writeSection('Websocket fan-out: books deltas', body);
