const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const HTTP1 = Buffer.from('HTTP/1.');
const CONTENT_LENGTH = Buffer.from('content-length');
const TRANSFER_ENCODING = Buffer.from('transfer-encoding');
const CONNECTION = Buffer.from('connection');

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

/** Most characters kept of a refusal's body: its JSON `code` and the start of its `message`. */
const REFUSAL_BODY_BYTES = 512;

/**
 * One HTTP/1.1 response at a time, fed the bytes of each read. A 2xx body is skipped, not kept, so
 * bytes are copied only when a status line, header block or chunk-size line straddles two reads; of
 * any other answer the first bytes are kept, so a load can say what it was refused with.
 */
export class ResponseParser {
  status = 0;
  /** The server announced it will close the connection after this response. */
  close = false;
  /** The start of a non-2xx answer's body (empty for a 2xx one). */
  refusal = '';
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
          if (this.keepsBody()) this.refusal += buf.toString('utf8', at, at + Math.min(take, REFUSAL_BODY_BYTES - this.refusal.length));
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
    this.refusal = '';
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

  /** Inside a non-2xx answer's data, with room left for it: a chunk's trailing CRLF may come along. */
  private keepsBody(): boolean {
    return (this.status < 200 || this.status >= 300) && this.refusal.length < REFUSAL_BODY_BYTES;
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
