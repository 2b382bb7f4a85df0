import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sectionReplace, startServer } from './server-process.js';
import { measureFanout, type FanoutChannel, type FanoutResult } from './ws-lag.js';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 30);
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

export interface FanoutRun extends FanoutResult {
  rssBefore: number;
  rssPeak: number;
  /** The run's line of the doc's table. */
  row: string;
  /** The doc's line naming the command, the date and the machine. */
  header: string;
}

/**
 * The websocket fan-out benchmarks' one run: a real server, CLIENTS clients subscribed to `channel`
 * BTC-USDT on `path` for DURATION_S seconds, the server's memory sampled each second.
 */
export async function runFanout(path: string, channel: FanoutChannel, what: string, command: string, file: string, root?: string): Promise<FanoutRun> {
  const server = await startServer({}, root);
  const rssBefore = server.rssMb();
  let rssPeak = rssBefore;
  let result: FanoutResult;
  try {
    console.log(`${CLIENTS} clients subscribing to ${what} BTC-USDT; measuring ${DURATION_S} s`);
    const track = () => {
      rssPeak = Math.max(rssPeak, server.rssMb());
    };
    result = await measureFanout([`${server.baseUrl.replace('http', 'ws')}${path}`], CLIENTS, DURATION_S, track, channel);
  } finally {
    await server.stop();
  }
  const { pushes, p50, p99, max } = result;
  const perClient = result.perClientPerSecond;
  console.log({ pushes, perClientPerSecond: perClient, p50, p99, max, fanout: result.fanout, rssBefore, rssPeak });
  const row = `| ${CLIENTS.toLocaleString('en-US')} | ${pushes.toLocaleString('en-US')} | ${perClient.toFixed(2)} | ${p50} | ${p99} | ${max} | ${rssBefore.toFixed(0)} MB → ${rssPeak.toFixed(0)} MB |`;
  const header = `Run with \`${command}\` (${file}). ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores
(${cpus()[0]?.model.trim()}), Node ${process.version}.`;
  return { ...result, rssBefore, rssPeak, row, header };
}

/** Writes `body` as the section `title` of docs/benchmarks.md. */
export function writeSection(title: string, body: string): void {
  writeFileSync(DOCS, sectionReplace(readFileSync(DOCS, 'utf8'), title, body));
  console.log(`wrote ${DOCS}`);
}
