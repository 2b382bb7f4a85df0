import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sectionReplace, startServer, type BenchServer } from './server-process.js';
import { bookDrawMs, launchBrowser } from './web-book-draw.js';
import { NETWORK_PROFILES } from './web-browser.js';
import { calibratedSlowdown, REFERENCE_PHONE_INDEX, runLighthouse, type LighthouseRun } from './web-lighthouse.js';

/**
 * Lighthouse (mobile) on / and /spot-trading and the order book's draw time on a throttled phone,
 * for this checkout and optionally a second server to compare with:
 *   BENCH_WEB_URL            measure a server already running there instead of building and starting one
 *   BENCH_WEB_BASELINE_URL   also measure this server (for example main, started from another checkout)
 *   BENCH_WEB_BASELINE_LABEL its column's name (default "baseline")
 *   BENCH_ROUNDS             rounds, each measuring every server in turn (default 3)
 *   BENCH_BOOK_RUNS          order-book loads per server, network profile and round (default 3)
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BOOK_RUNS = Number(process.env.BENCH_BOOK_RUNS ?? 3);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const PAGES = ['/', '/spot-trading'] as const;
const GOALS = { score: { '/': 95, '/spot-trading': 90 }, lcpMs: 2500, bookMs: 3000 };

interface Target {
  label: string;
  baseUrl: string;
  lighthouse: Record<(typeof PAGES)[number], LighthouseRun[]>;
  /** The same pages with the CPU slowdown calibrated to the machine (calibratedSlowdown). */
  calibrated: Record<(typeof PAGES)[number], LighthouseRun[]>;
  /** The same pages throttled for real through DevTools instead of simulated (default 4x CPU). */
  devtools: Record<(typeof PAGES)[number], LighthouseRun[]>;
  /** Order-book draw times by network profile name. */
  bookMs: Record<string, number[]>;
}

function target(label: string, baseUrl: string): Target {
  const bookMs = Object.fromEntries(NETWORK_PROFILES.map((profile) => [profile.name, [] as number[]]));
  return { label, baseUrl, lighthouse: { '/': [], '/spot-trading': [] }, calibrated: { '/': [], '/spot-trading': [] }, devtools: { '/': [], '/spot-trading': [] }, bookMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

let server: BenchServer | null = null;
const targets: Target[] = [];
if (process.env.BENCH_WEB_BASELINE_URL) {
  targets.push(target(process.env.BENCH_WEB_BASELINE_LABEL ?? 'baseline', process.env.BENCH_WEB_BASELINE_URL));
}
if (process.env.BENCH_WEB_URL) {
  targets.push(target('this checkout', process.env.BENCH_WEB_URL));
} else {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  server = await startServer();
  targets.push(target('this checkout', server.baseUrl));
}

/** The 1-minute load average: Lighthouse's figures move with what else the shared machine runs. */
const load = () => (loadavg()[0] ?? 0).toFixed(2);
const loadAtStart = load();
const browser = await launchBrowser();
try {
  // Rounds take every server in turn, so other load on the shared machine hits them alike.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      for (const page of PAGES) {
        const run = await runLighthouse(t.baseUrl + page);
        t.lighthouse[page].push(run);
        console.log(round, t.label, page, run);
        const calibrated = await runLighthouse(t.baseUrl + page, calibratedSlowdown(run.benchmarkIndex));
        t.calibrated[page].push(calibrated);
        console.log(round, t.label, page, 'calibrated', calibrated);
        const devtools = await runLighthouse(t.baseUrl + page, 4, 'devtools');
        t.devtools[page].push(devtools);
        console.log(round, t.label, page, 'devtools', devtools);
      }
      for (const profile of NETWORK_PROFILES) {
        for (let i = 0; i < BOOK_RUNS; i++) {
          const ms = await bookDrawMs(browser, `${t.baseUrl}/spot-trading`, profile);
          t.bookMs[profile.name]?.push(ms);
          console.log(round, t.label, profile.name, 'order book drawn', Math.round(ms), 'ms');
        }
      }
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const spread = (values: number[], show: (n: number) => string) =>
  `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;

const rows: string[] = [];
for (const page of PAGES) {
  const metric = (name: string, pick: (run: LighthouseRun) => number, show: (n: number) => string, runs = (t: Target) => t.lighthouse[page]) =>
    rows.push(`| \`${page}\` ${name} | ${targets.map((t) => spread(runs(t).map(pick), show)).join(' | ')} |`);
  metric('performance score', (run) => run.score, String);
  metric('largest contentful paint', (run) => run.lcpMs, seconds);
  metric('first contentful paint', (run) => run.fcpMs, seconds);
  metric('total blocking time', (run) => run.tbtMs, (ms) => `${Math.round(ms)} ms`);
  metric('bytes transferred', (run) => run.transferBytes, kb);
  metric('Lighthouse benchmarkIndex (machine speed)', (run) => run.benchmarkIndex, (n) => String(Math.round(n)));
  const calibrated = (t: Target) => t.calibrated[page];
  metric('calibrated CPU slowdown', (run) => run.cpuSlowdown, (n) => `${n.toFixed(1)}x`, calibrated);
  metric('performance score, calibrated', (run) => run.score, String, calibrated);
  metric('largest contentful paint, calibrated', (run) => run.lcpMs, seconds, calibrated);
  metric('total blocking time, calibrated', (run) => run.tbtMs, (ms) => `${Math.round(ms)} ms`, calibrated);
  const devtools = (t: Target) => t.devtools[page];
  metric('performance score, DevTools throttling', (run) => run.score, String, devtools);
  metric('largest contentful paint, DevTools throttling', (run) => run.lcpMs, seconds, devtools);
  metric('total blocking time, DevTools throttling', (run) => run.tbtMs, (ms) => `${Math.round(ms)} ms`, devtools);
}
for (const profile of NETWORK_PROFILES) {
  const drawn = (t: Target) => t.bookMs[profile.name] ?? [];
  rows.push(`| \`/spot-trading\` order book drawn, ${profile.name} | ${targets.map((t) => spread(drawn(t), seconds)).join(' | ')} |`);
}

const ours = targets[targets.length - 1] as Target;
const goals = [
  ...PAGES.map((page) => {
    const score = median(ours.lighthouse[page].map((run) => run.score));
    return `performance score on \`${page}\` ${score} (goal ≥ ${GOALS.score[page]}): ${score >= GOALS.score[page] ? 'met' : 'NOT met'}`;
  }),
  ...PAGES.map((page) => {
    const score = median(ours.calibrated[page].map((run) => run.score));
    return `performance score on \`${page}\`, calibrated slowdown, ${score} (goal ≥ ${GOALS.score[page]}): ${score >= GOALS.score[page] ? 'met' : 'NOT met'}`;
  }),
  ...PAGES.map((page) => {
    const lcp = median(ours.lighthouse[page].map((run) => run.lcpMs));
    return `largest contentful paint on \`${page}\` ${seconds(lcp)} (goal < 2.5 s): ${lcp < GOALS.lcpMs ? 'met' : 'NOT met'}`;
  }),
  ...PAGES.map((page) => {
    const lcp = median(ours.devtools[page].map((run) => run.lcpMs));
    return `largest contentful paint on \`${page}\`, DevTools throttling, ${seconds(lcp)} (goal < 2.5 s): ${lcp < GOALS.lcpMs ? 'met' : 'NOT met'}`;
  }),
  ...NETWORK_PROFILES.slice(0, 1).map((profile) => {
    const drawn = median(ours.bookMs[profile.name] ?? []);
    return `order book drawn on ${profile.name} ${seconds(drawn)} (goal < 3 s): ${drawn < GOALS.bookMs ? 'met' : 'NOT met'}`;
  }),
];

const body = `
Run with \`npm run bench:web\` (bench/lighthouse.bench.ts). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}, Lighthouse 12.8 driving Debian's Chromium.

Lighthouse runs its default mobile profile (a moto g power screen, simulated slow 4G: 150 ms RTT,
1.6 Mbps down, 750 kbps up, 4x CPU slowdown) on a fresh browser each time, performance category only.
Its 4x slowdown is relative to the machine: Lighthouse's docs (throttling.md) say it turns a
high-end desktop (benchmarkIndex 1500-2000) into a mid-tier phone, so on a faster machine the
same 4x is a faster phone. Each run is therefore repeated at once with the slowdown calibrated to the
machine (benchmarkIndex / ${REFERENCE_PHONE_INDEX}, the phone 4x makes of a 1750 desktop; never below 1x),
the "calibrated" rows, which compare across machines and days where the default ones do not.
Lighthouse's simulation replays a load made at full speed from this machine, where the page's
scripts arrive within about 50 ms, and counts every script that finished before the first paint it
saw as holding that paint up: whether the paint or the scripts came first decides between a
simulated first paint of about 0.7 s and one of 2–2.8 s. The "DevTools throttling" rows load the
page through the profile's DevTools figures instead (562.5 ms per request, 1.47 Mbps down, 4x CPU),
where the HTML paints before the scripts have arrived, as on a real slow connection.
The order book's draw time is measured apart, in Playwright on the same phone screen with a cold
cache, from navigation start to the first animation frame holding an order-book row, with the
network and CPU throttled through the DevTools protocol: "slow 4G" uses the profile's own figures
(150 ms per request, 1.6 Mbps down, 750 kbps up, 4x CPU); "DevTools-adjusted" is the same profile as
Lighthouse applies it when it throttles for real (562.5 ms per request, 1.44 Mbps down, 675 kbps
up, 4x CPU), harsher because DevTools adds its latency to each request instead of modelling
connections; the 3 s goal is for the first. ${ROUNDS} rounds, each taking every server in turn, with
${BOOK_RUNS} order-book loads per server, profile and round; median (min–max). The machine is shared
with other work, so its speed (Lighthouse's benchmarkIndex) varies between runs: compare the
columns of one run, not figures of different runs. Load average (1 min, on ${cpus().length} cores) at the
start ${loadAtStart}, at the end ${load()}.

| | ${targets.map((t) => t.label).join(' | ')} |
| --- | ${targets.map(() => '---:').join(' | ')} |
${rows.join('\n')}

Goals for ${ours.label}:
${goals.map((goal) => `- ${goal}`).join('\n')}
`;
writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), 'Web app: speed on a slow phone connection', body));
console.log(body);
