import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_API_KEY } from '@exchange/contract';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** Resident set size of the server process, in MB. */
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in ms: less noisy than throughput on a shared machine. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real server (apps/server/src/main.ts, PGlite in a temp dir, market running) in its own
 * process on loopback, so the load generator does not share its event loop. `root` is the checkout
 * whose server runs: this one unless a before-and-after comparison names another.
 */
export async function startServer(env: Record<string, string> = {}, root = ROOT): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-bench-'));
  // BENCH_NODE_ARGS (for example --cpu-prof) reaches the server's node, for profiling a run.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-only-secret',
      LOG_LEVEL: 'warn',
      // The load generator opens its thousand sockets from one loopback address.
      WS_MAX_CONNECTIONS_PER_IP: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_START_S: at a load average of 20 on two cores the server has taken more than two minutes to start.
  const deadline = Date.now() + Number(process.env.BENCH_START_S ?? 120) * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await serving(baseUrl)) break;
    if (Date.now() > deadline) {
      // Not left running (and holding its data directory) on a machine others share.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid as number;
  return {
    ...processFigures(baseUrl, pid),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether a server answers its status call there yet (false while it is not listening). */
export async function serving(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/api/v1/status?apikey=${DEFAULT_API_KEY}`).then(
    (res) => res.ok,
    () => false,
  );
}

/** A server process's address and what /proc says of it. */
export function processFigures(baseUrl: string, pid: number): Omit<BenchServer, 'stop'> {
  return {
    baseUrl,
    pid,
    cpuMs() {
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised command name): utime and stime in clock ticks.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
  };
}

/** Replaces (or appends) one `## title` section of docs/benchmarks.md, leaving the others as they are. */
export function sectionReplace(doc: string, title: string, body: string): string {
  const heading = `## ${title}\n`;
  const start = doc.indexOf(heading);
  const section = `${heading}\n${body.trim()}\n`;
  if (start < 0) return `${doc.trimEnd()}\n\n${section}`;
  const next = doc.indexOf('\n## ', start + heading.length);
  return next < 0 ? `${doc.slice(0, start)}${section}` : `${doc.slice(0, start)}${section}${doc.slice(next)}`;
}
