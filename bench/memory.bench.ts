import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { sectionReplace, startServer, type BenchServer } from './server-process.js';

/**
 * Server memory over time: the real server (own process, PGlite on a fresh temp dir unless
 * BENCH_DATABASE_URL points at PostgreSQL) with N websocket clients on books5 BTC-USDT, RSS sampled
 * from /proc every few seconds. Options as --name=value or BENCH_NAME: clients (1000), minutes (10),
 * sample-seconds (10), warmup-minutes (2, left out of the slope), database-url, docs (write the
 * "Server memory" section of docs/benchmarks.md; on unless --docs=false).
 */
function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (arg) return arg.slice(name.length + 3);
  return process.env[`BENCH_${name.toUpperCase().replaceAll('-', '_')}`] ?? fallback;
}

const CLIENTS = Number(option('clients', '1000'));
const MINUTES = Number(option('minutes', '10'));
const SAMPLE_S = Number(option('sample-seconds', '10'));
const WARMUP_MIN = Math.min(Number(option('warmup-minutes', '2')), MINUTES / 2);
const DATABASE_URL = option('database-url', '');
const WRITE_DOCS = option('docs', 'true') !== 'false';
const FLAT_MB_PER_MIN = 1;
const GOAL_MB = 400;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = path.join(ROOT, 'docs/benchmarks.md');
const SUBSCRIBE = JSON.stringify({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });

interface Sample {
  minute: number;
  rssMb: number;
}

function procStatusMb(pid: number | 'self', key: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** Least-squares slope in MB per minute. */
function slope(samples: readonly Sample[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.minute - mx) * (p.rssMb - my);
    den += (p.minute - mx) ** 2;
  }
  return num / den;
}

/** RSS of a short child process: node with tsx, optionally after opening (and migrating) PGlite on a temp dir. */
function childRssMb(withPglite: boolean): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'exch-mem-'));
  const script = withPglite
    ? `import { openDatabase } from './apps/server/src/db/connection.ts';
       import { schema } from './apps/server/src/products.ts';
       const db = await openDatabase({ dataDir: ${JSON.stringify(dir)} }, schema);`
    : '';
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `${script}
       const kb = /VmRSS:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1];
       console.log(kb); process.exit(0);`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    return Number(out.trim()) / 1024;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function connectClients(server: BenchServer, n: number): Promise<WebSocket[]> {
  const url = `${server.baseUrl.replace('http', 'ws')}/ws/public`;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', () => undefined);
    ws.send(SUBSCRIBE);
    sockets.push(ws);
  }
  return sockets;
}

const mb = (v: number) => `${v.toFixed(0)} MB`;
const database = DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const baseline = childRssMb(false);
const pgliteAlone = DATABASE_URL ? Number.NaN : childRssMb(true);
const server = await startServer(DATABASE_URL ? { DATABASE_URL } : {});
const samples: Sample[] = [];
let started = 0;
let withClients = 0;
let hwm = 0;
let sockets: WebSocket[] = [];
try {
  started = server.rssMb();
  sockets = await connectClients(server, CLIENTS);
  withClients = server.rssMb();
  console.log(`${database}; started ${mb(started)}; ${CLIENTS} clients on books5 BTC-USDT ${mb(withClients)}; sampling ${MINUTES} min every ${SAMPLE_S} s`);
  const t0 = Date.now();
  for (;;) {
    const minute = (Date.now() - t0) / 60_000;
    const closed = sockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length;
    const rssMb = server.rssMb();
    samples.push({ minute, rssMb });
    console.log(`${minute.toFixed(2).padStart(6)} min  RSS ${mb(rssMb).padStart(7)}${closed ? `  (${closed} clients closed)` : ''}`);
    if (minute >= MINUTES) break;
    await new Promise((r) => setTimeout(r, SAMPLE_S * 1000));
  }
  hwm = procStatusMb(server.pid, 'VmHWM');
} finally {
  for (const ws of sockets) ws.terminate();
  await server.stop();
}

const afterWarmup = samples.filter((s) => s.minute >= WARMUP_MIN);
const growth = slope(afterWarmup);
const flat = Math.abs(growth) < FLAT_MB_PER_MIN;
const end = samples.at(-1)?.rssMb ?? Number.NaN;
const peak = Math.max(...samples.map((s) => s.rssMb));
const verdict = `${flat ? 'flat' : 'growing'} (${growth.toFixed(2)} MB/min after minute ${WARMUP_MIN}; flat = under ${FLAT_MB_PER_MIN} MB/min)`;
console.log({ baseline, pgliteAlone, started, withClients, end, peak, hwm, slopeMbPerMin: growth, flat });
console.log(`RSS ${mb(end)} at the end, goal under ${GOAL_MB} MB: ${end < GOAL_MB && peak < GOAL_MB ? 'met' : 'NOT met'}; ${verdict}`);

if (WRITE_DOCS) {
  const everyMinute = samples.filter((s, i) => i === 0 || i === samples.length - 1 || Math.floor(s.minute) > Math.floor(samples[i - 1]?.minute ?? 0));
  const body = `
Run with \`npm run bench:memory\` (bench/memory.bench.ts; \`-- --minutes=3\` for a shorter run,
\`--clients=\`, \`--database-url=\` for PostgreSQL). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}.

The real server (own process, ${database}${DATABASE_URL ? '' : ' on a fresh temp dir'}, every market live) with
${CLIENTS.toLocaleString('en-US')} \`ws\` clients subscribed to \`books5\` BTC-USDT for ${MINUTES} min; RSS (\`VmRSS\`) read from
\`/proc/<pid>/status\` every ${SAMPLE_S} s, peak = the kernel's \`VmHWM\` (start-up included).

| ${database} | clients | minutes | RSS after start | with clients | end | peak sampled | VmHWM | slope after minute ${WARMUP_MIN} |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${DATABASE_URL ? 'external' : 'embedded'} | ${CLIENTS.toLocaleString('en-US')} | ${MINUTES} | ${mb(started)} | ${mb(withClients)} | ${mb(end)} | ${mb(peak)} | ${mb(hwm)} | ${growth.toFixed(2)} MB/min |

Goal (issue "02 Live market"): under ${GOAL_MB} MB and flat. This run: **${end < GOAL_MB && peak < GOAL_MB ? 'under' : 'over'} ${GOAL_MB} MB**, **${verdict}**.

RSS by minute: ${everyMinute.map((s) => `${s.minute.toFixed(0)}: ${s.rssMb.toFixed(0)}`).join(', ')} (MB).

Where it goes (each row measured by this bench in its own short process):

| part | RSS |
| --- | ---: |
| node + tsx (TypeScript loader), nothing imported | ${mb(baseline)} |
| + PGlite opened on a fresh dir, schema migrated | ${DATABASE_URL ? 'not measured (PostgreSQL run)' : `${mb(pgliteAlone)} (+${(pgliteAlone - baseline).toFixed(0)} MB)`} |
| + the app and the market (35 books, generated candles, tickers) | ${mb(started)} |
| + ${CLIENTS.toLocaleString('en-US')} websocket clients | ${mb(withClients)} |

- PGlite (0.5, \`apps/server/src/db/pglite.ts\`) starts with \`shared_buffers=16MB\`: PostgreSQL's
  128 MB default is touched at start and cost about 130 MB. A new data directory is created by initdb
  in a short child process: run in the server's process, initdb's second PostgreSQL and WASM memories
  (about 500 MB) stayed resident until V8 ran several full GCs, about 2 minutes after start. Before
  both changes (2026-11-22, this bench, 3 min): PGlite alone 849 MB, server 977 MB after start,
  990 MB with the clients, about 590 MB once that garbage was collected.
- Of the PGlite row, about 45 MB is loading the PGlite JavaScript module and WASM code, not the
  database. The market's heap (measured separately, \`MarketData.open\` on an empty database, after
  a full GC): the generated candles (about 260,000 bars, kept as columns of plain numbers) about 16 MB, the 24 h
  ticker windows (plain numbers per minute and coin) about 4.5 MB.
- After minute ${WARMUP_MIN} RSS moved between ${mb(Math.min(...afterWarmup.map((x) => x.rssMb)))} and ${mb(Math.max(...afterWarmup.map((x) => x.rssMb)))}: the sawtooth is V8's
  old-space GC cycle; the slope is what tells growth.
`;
  writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'Server memory', body));
  console.log(`wrote ${DOCS}`);
}
