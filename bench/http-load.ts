import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { ResponseParser } from './http-response-parser.js';

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  /** The non-2xx answers by status and JSON `code` ("503 LEDGER_BUSY"), each with the first one's message. */
  refusals: Record<string, { count: number; message: string }>;
  errors: number;
}

export interface LoadOptions {
  /**
   * Several URLs: connection k goes to URL k mod their number, as a load balancer deals out
   * keep-alive connections, so a cluster's processes get the same share of the load.
   */
  url: string | readonly string[];
  connections: number;
  seconds: number;
  next: (i: number) => LoadRequest;
}

/** Requests still unanswered this long after the deadline count as errors. */
const DRAIN_MS = 2000;
/** Pause before retrying a connection that could not be established, so a dead server is not hammered in a tight loop. */
const RECONNECT_DELAY_MS = 100;
/** Every socket reads into this one buffer: reads are handled synchronously, one at a time, and leftovers are copied out. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

function encode(r: LoadRequest, host: string): string {
  let s = `${r.method} ${r.path} HTTP/1.1\r\nHost: ${host}\r\n`;
  if (r.headers) for (const name in r.headers) s += `${name}: ${r.headers[name]}\r\n`;
  if (r.body !== undefined) return `${s}Content-Length: ${Buffer.byteLength(r.body)}\r\n\r\n${r.body}`;
  return `${s}\r\n`;
}

class Latencies {
  private values = new Float64Array(1 << 16);
  count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** Sorted copy of what was recorded. */
  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
}

/** "status code" of a refusal and its message, from the start of its body (a JSON error answer, or not). */
export function classifyRefusal(status: number, body: string): { key: string; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { key: `${status} -`, message: body.slice(0, 120) };
  }
  const { code, message } = (parsed ?? {}) as { code?: unknown; message?: unknown };
  return { key: `${status} ${typeof code === 'string' ? code : '-'}`, message: typeof message === 'string' ? message : '' };
}

const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

interface Target {
  /** The Host header. */
  host: string;
  hostname: string;
  port: number;
}

function targetOf(raw: string): Target {
  const url = new URL(raw);
  if (url.protocol !== 'http:') throw new Error(`only http: URLs are supported, got ${raw}`);
  return { host: url.host, hostname: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) };
}

interface Connection {
  target: Target;
  socket: net.Socket | null;
  connected: boolean;
  inFlight: boolean;
  sentAt: number;
  parser: ResponseParser;
}

/**
 * `connections` keep-alive sockets, each with exactly one request in flight (closed loop), for
 * `seconds`; `next(i)` builds request i. Latencies in ms from write to full response. Only
 * responses completed before the deadline are counted; a connection that fails mid-request counts
 * one error and is reopened.
 */
export async function httpLoad(opts: LoadOptions): Promise<LoadResult> {
  const targets = (typeof opts.url === 'string' ? [opts.url] : opts.url).map(targetOf);

  return new Promise((resolve, reject) => {
    const latencies = new Latencies();
    const conns: Connection[] = [];
    let issued = 0;
    let inFlight = 0;
    let completed = 0;
    let non2xx = 0;
    const refusals: LoadResult['refusals'] = {};
    let errors = 0;
    let stopping = false;
    let finished = false;
    let drainTimer: NodeJS.Timeout | undefined;

    const start = performance.now();
    const windowMs = opts.seconds * 1000;
    const deadline = start + windowMs;
    const deadlineTimer = setTimeout(() => {
      stop();
      settle();
    }, windowMs);

    const finish = (err?: unknown) => {
      if (finished) return;
      finished = true;
      clearTimeout(deadlineTimer);
      clearTimeout(drainTimer);
      for (const c of conns) c.socket?.destroy();
      if (err !== undefined) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const sorted = latencies.sorted();
      resolve({
        perSecond: completed / (windowMs / 1000),
        p50: oneDecimal(percentile(sorted, 0.5)),
        p99: oneDecimal(percentile(sorted, 0.99)),
        max: oneDecimal(sorted.length ? (sorted[sorted.length - 1] as number) : 0),
        requests: completed,
        non2xx,
        refusals,
        // Requests the drain period did not see answered are as good as timed out.
        errors: errors + inFlight,
      });
    };

    const stop = () => {
      if (stopping) return;
      stopping = true;
      drainTimer = setTimeout(finish, DRAIN_MS);
    };

    const settle = () => {
      if (stopping && inFlight === 0) finish();
    };

    const issue = (c: Connection) => {
      if (stopping || !c.socket) return;
      let request: string;
      let headRequest: boolean;
      try {
        const r = opts.next(issued++);
        request = encode(r, c.target.host);
        headRequest = r.method === 'HEAD';
      } catch (err) {
        finish(err);
        return;
      }
      c.parser.expect(headRequest);
      c.inFlight = true;
      inFlight++;
      c.sentAt = performance.now();
      c.socket.write(request);
    };

    const drop = (c: Connection) => {
      if (c.inFlight) {
        c.inFlight = false;
        inFlight--;
      }
      c.socket?.destroy();
      c.socket = null;
    };

    const fail = (c: Connection) => {
      errors++;
      const wasConnected = c.connected;
      drop(c);
      if (stopping) settle();
      else if (wasConnected) open(c);
      else setTimeout(() => open(c), RECONNECT_DELAY_MS).unref();
    };

    const onData = (c: Connection, length: number) => {
      let complete: boolean;
      try {
        complete = c.parser.feed(READ_BUFFER, length);
      } catch {
        fail(c);
        return;
      }
      if (!complete) return;
      const now = performance.now();
      c.inFlight = false;
      inFlight--;
      if (now <= deadline) {
        latencies.add(now - c.sentAt);
        completed++;
        if (c.parser.status < 200 || c.parser.status >= 300) {
          non2xx++;
          const { key, message } = classifyRefusal(c.parser.status, c.parser.refusal);
          const seen = refusals[key];
          if (seen) seen.count++;
          else refusals[key] = { count: 1, message };
        }
      } else {
        stop();
      }
      if (stopping) {
        if (c.parser.close) drop(c);
        settle();
      } else if (c.parser.close) {
        // The reopened socket issues its first request once connected.
        drop(c);
        open(c);
      } else {
        issue(c);
      }
    };

    const open = (c: Connection) => {
      if (stopping || finished) return;
      // `onread` hands over bytes without the readable-stream machinery or a Buffer per read.
      const socket = net.connect({
        host: c.target.hostname,
        port: c.target.port,
        onread: {
          buffer: READ_BUFFER,
          callback: (length) => {
            if (c.socket === socket) onData(c, length);
            return true;
          },
        },
      });
      socket.setNoDelay(true);
      c.socket = socket;
      c.connected = false;
      c.parser = new ResponseParser();
      socket.on('connect', () => {
        if (c.socket !== socket) return;
        c.connected = true;
        issue(c);
      });
      // 'close' always follows 'error'; the listener only keeps the error from being thrown.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (c.socket !== socket || finished) return;
        // The server closing an idle keep-alive socket is not a failed request.
        if (c.connected && !c.inFlight) {
          c.socket = null;
          open(c);
        } else {
          fail(c);
        }
      });
    };

    for (let i = 0; i < opts.connections; i++) {
      const target = targets[i % targets.length] as Target;
      const c: Connection = { target, socket: null, connected: false, inFlight: false, sentAt: 0, parser: new ResponseParser() };
      conns.push(c);
      open(c);
    }
  });
}
