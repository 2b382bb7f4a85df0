import net from 'node:net';
import { performance } from 'node:perf_hooks';

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
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  next: (i: number) => LoadRequest;
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const HTTP1 = Buffer.from('HTTP/1.');
const CONTENT_LENGTH = Buffer.from('content-length');
const TRANSFER_ENCODING = Buffer.from('transfer-encoding');
const CONNECTION = Buffer.from('connection');
/** Requests still unanswered this long after the deadline count as errors. */
const DRAIN_MS = 2000;
/** Pause before retrying a connection that could not be established, so a dead server is not hammered in a tight loop. */
const RECONNECT_DELAY_MS = 100;
/** Every socket reads into this one buffer: reads are handled synchronously, one at a time, and leftovers are copied out. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

const HEAD = 0;
const BODY = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const TRAILER = 4;

/** Whether the header name at `at` is `lowerName`, ignoring ASCII case ('-' already has the 0x20 bit). */
function isName(buf: Buffer, at: number, lowerName: Buffer): boolean {
  for (let i = 0; i < lowerName.length; i++) if (((buf[at + i] as number) | 0x20) !== lowerName[i]) return false;
  return true;
}

function isBlank(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09;
}

function parseDecimal(buf: Buffer, from: number, to: number): number {
  while (from < to && isBlank(buf[from])) from++;
  while (to > from && isBlank(buf[to - 1])) to--;
  if (from === to) throw new Error('empty number');
  let n = 0;
  for (let at = from; at < to; at++) {
    const c = (buf[at] as number) - 0x30;
    if (c < 0 || c > 9) throw new Error('bad number');
    n = n * 10 + c;
  }
  return n;
}

function parseHex(buf: Buffer, from: number, to: number): number {
  let size = 0;
  let at = from;
  for (; at < to; at++) {
    const c = buf[at] as number;
    let digit: number;
    if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) digit = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) digit = c - 0x37;
    else break;
    size = size * 16 + digit;
  }
  // Anything after the digits may only be a chunk extension (";name=value") or whitespace.
  if (at === from || (at < to && buf[at] !== 0x3b && !isBlank(buf[at]))) throw new Error('bad chunk size');
  return size;
}

/**
 * One HTTP/1.1 response at a time, fed the bytes of each read. Bodies are skipped, not kept, so
 * bytes are copied only when a status line, header block or chunk-size line straddles two reads.
 */
class ResponseParser {
  status = 0;
  /** The server announced it will close the connection after this response. */
  close = false;
  private phase = HEAD;
  private remaining = 0;
  private pending: Buffer | null = null;
  private headRequest = false;

  expect(headRequest: boolean): void {
    this.headRequest = headRequest;
    this.phase = HEAD;
    this.pending = null;
  }

  /**
   * Consumes `buf[0, length)`, which the caller may overwrite afterwards. True once the response
   * is complete; throws on anything that is not a well-formed response.
   */
  feed(chunk: Buffer, length: number): boolean {
    // A view, so searches stop at the end of this read rather than run into stale bytes of the shared buffer.
    let buf = chunk.subarray(0, length);
    if (this.pending) {
      buf = Buffer.concat([this.pending, buf]);
      this.pending = null;
    }
    const end = buf.length;
    let at = 0;
    for (;;) {
      switch (this.phase) {
        case HEAD: {
          const stop = buf.indexOf(HEAD_END, at);
          if (stop < 0) return this.keep(buf, at, end);
          this.head(buf, at, stop);
          at = stop + 4;
          break;
        }
        case BODY:
        case CHUNK_DATA: {
          const take = Math.min(this.remaining, end - at);
          this.remaining -= take;
          at += take;
          if (this.remaining > 0) return false;
          if (this.phase === BODY) return this.done(at, end);
          this.phase = CHUNK_SIZE;
          break;
        }
        case CHUNK_SIZE: {
          const eol = buf.indexOf(CRLF, at);
          if (eol < 0) return this.keep(buf, at, end);
          const size = parseHex(buf, at, eol);
          at = eol + 2;
          this.phase = size === 0 ? TRAILER : CHUNK_DATA;
          // The chunk's data is followed by a CRLF, skipped along with it.
          this.remaining = size + 2;
          break;
        }
        case TRAILER: {
          const eol = buf.indexOf(CRLF, at);
          if (eol < 0) return this.keep(buf, at, end);
          const blank = eol === at;
          at = eol + 2;
          if (blank) return this.done(at, end);
          break;
        }
      }
    }
  }

  /** The status line and headers in `buf[from, to)`, `to` being where the blank line starts. */
  private head(buf: Buffer, from: number, to: number): void {
    if (to - from < 12 || buf.compare(HTTP1, 0, HTTP1.length, from, from + HTTP1.length) !== 0) {
      throw new Error('not an HTTP/1.x response');
    }
    const status = parseDecimal(buf, from + 9, from + 12);
    if (status < 100 || status > 599) throw new Error('bad status line');
    let length = -1;
    let chunked = false;
    let close = false;
    // Every header line ends with a CRLF, the last one with the CRLF at `to`.
    let line = buf.indexOf(CRLF, from);
    while (line < to) {
      const name = line + 2;
      const eol = buf.indexOf(CRLF, name);
      const colon = buf.indexOf(0x3a, name);
      if (colon < 0 || colon > eol) throw new Error('bad header line');
      // Only three headers matter; comparing lengths first skips the rest cheaply.
      const nameLength = colon - name;
      if (nameLength === CONTENT_LENGTH.length && isName(buf, name, CONTENT_LENGTH)) {
        length = parseDecimal(buf, colon + 1, eol);
      } else if (nameLength === TRANSFER_ENCODING.length && isName(buf, name, TRANSFER_ENCODING)) {
        chunked = buf.toString('latin1', colon + 1, eol).trim().toLowerCase().endsWith('chunked');
      } else if (nameLength === CONNECTION.length && isName(buf, name, CONNECTION)) {
        close = buf.toString('latin1', colon + 1, eol).toLowerCase().includes('close');
      }
      line = eol;
    }
    if (status < 200) {
      // An interim response (100 Continue, 103 Early Hints); the real one follows.
      if (status === 101) throw new Error('unexpected protocol switch');
      return;
    }
    this.status = status;
    this.close = close;
    if (this.headRequest || status === 204 || status === 304) {
      this.phase = BODY;
      this.remaining = 0;
    } else if (chunked) {
      this.phase = CHUNK_SIZE;
    } else if (length >= 0) {
      this.phase = BODY;
      this.remaining = length;
    } else {
      throw new Error('response has neither content-length nor chunked encoding');
    }
  }

  private keep(buf: Buffer, at: number, end: number): false {
    this.pending = at < end ? Buffer.from(buf.subarray(at, end)) : null;
    return false;
  }

  private done(at: number, end: number): true {
    // With one request in flight, anything beyond the response means the framing was misread.
    if (at < end) throw new Error('bytes after the end of the response');
    this.phase = HEAD;
    return true;
  }
}

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

const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

interface Connection {
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
  const url = new URL(opts.url);
  if (url.protocol !== 'http:') throw new Error(`only http: URLs are supported, got ${opts.url}`);
  const host = url.host;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 80);

  return new Promise((resolve, reject) => {
    const latencies = new Latencies();
    const conns: Connection[] = [];
    let issued = 0;
    let inFlight = 0;
    let completed = 0;
    let non2xx = 0;
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
        request = encode(r, host);
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
        if (c.parser.status < 200 || c.parser.status >= 300) non2xx++;
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
        host: hostname,
        port,
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
      const c: Connection = { socket: null, connected: false, inFlight: false, sentAt: 0, parser: new ResponseParser() };
      conns.push(c);
      open(c);
    }
  });
}
