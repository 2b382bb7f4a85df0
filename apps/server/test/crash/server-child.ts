import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const START_DEADLINE_MS = 90_000;
const OUTPUT_TAIL = 16_384;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerChild {
  baseUrl: string;
  pid: number;
  /** Sends a signal without waiting (SIGSTOP and SIGCONT pause and resume it). */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL: the process gets no chance to flush or close anything. */
  kill(): void;
  /** SIGTERM (the graceful shutdown of main.ts); resolves with the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<void>;
  /** The end of what the server wrote, for failure messages. */
  output(): string;
}

async function listening(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/v1/status?apikey=${DEFAULT_API_KEY}`)).ok;
  } catch {
    return false;
  }
}

/**
 * The real server in its own process, so that it can be killed like a production process: its
 * source bundled once per run (server-bundle.ts) rather than compiled by tsx at every start. The environment decides the database: DATABASE_URL set to
 * a PostgreSQL URL, or empty for PGlite under DATA_DIR.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerChild> {
  const child: ChildProcess = spawn(process.execPath, [inject('serverBundle')], {
    cwd: ROOT,
    env: { ...process.env, SMTP_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  // Always drained: a full pipe would block the server's writes.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_DEADLINE_MS;
  while (!(await listening(baseUrl))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before listening:\n${tail}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not listen within ${START_DEADLINE_MS} ms:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid as number,
    signal: (signal) => void child.kill(signal),
    exited,
    output: () => tail,
    kill() {
      child.kill('SIGKILL');
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return child.exitCode;
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Call = (method: string, path: string, headers?: Record<string, string>, body?: string) => Promise<HttpAnswer>;

/** Keep-alive HTTP, as a trading client would hold its connections open. */
export function httpClient(baseUrl: string): { call: Call; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const { hostname, port } = new URL(baseUrl);
  const call: Call = (method, path, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}
