import WebSocket from 'ws';

/** The public channels the fan-out is measured on: the top 5 levels, or the 400-level deltas. */
export type FanoutChannel = 'books5' | 'books';
const subscribe = (channel: FanoutChannel) => JSON.stringify({ op: 'subscribe', args: [{ channel, instId: 'BTC-USDT' }] });
/** Sockets opened at once: enough to connect thousands quickly, few enough not to stall the server's accept loop. */
const CONNECT_BATCH = 100;
/** Time for every subscription's snapshot to arrive before the lags count. */
const SETTLE_MS = 2000;
const TS = Buffer.from('"ts":"');
const SEQ_ID = Buffer.from('"seqId":');

export interface FanoutResult {
  clients: number;
  pushes: number;
  perClientPerSecond: number;
  /** Lag = receive time − the push's `ts`: its age since the first engine change it carries. */
  p50: number;
  p99: number;
  max: number;
  /** Fan-out = receive time − the first client's receipt of the same push (same seqId). */
  fanout: { p50: number; p99: number; max: number };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * The number after `key` in a books5 push or a books delta (`ts`, `seqId`), read from the bytes (a books delta's first `ts` is its data's): with thousands of clients in this one process,
 * decoding each frame to a string would itself delay the frames behind it and inflate their lag.
 */
function numberAfter(raw: Buffer, key: Buffer): number | null {
  const at = raw.indexOf(key);
  if (at < 0) return null;
  let value = 0;
  for (let i = at + key.length; i < raw.length; i++) {
    const digit = (raw[i] as number) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

type OnPush = (ts: number, seqId: number, received: number) => void;

async function subscriber(url: string, channel: FanoutChannel, onPush: OnPush): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('message', (raw: Buffer) => {
    const received = Date.now();
    const ts = numberAfter(raw, TS);
    const seqId = numberAfter(raw, SEQ_ID);
    if (ts !== null && seqId !== null) onPush(ts, seqId, received);
  });
  ws.send(subscribe(channel));
  return ws;
}

/**
 * `clients` websocket clients subscribed to `channel` (books5 unless named) BTC-USDT, dealt over `wsUrls` in turn (a
 * cluster's followers relay the owner's frames), for `seconds` after the subscriptions settled.
 * Lag = receive time − the push's `ts`, the wall time of the first engine change in it: one
 * machine's clock, whichever process sent the frame. Fan-out = receive time − the first client's
 * receipt of that push: from the moment it was on its way to the moment every client had it, the
 * coalescing wait and the build left out. `everySecond` runs once a second while measuring.
 */
export async function measureFanout(
  wsUrls: readonly string[],
  clients: number,
  seconds: number,
  everySecond: () => void = () => undefined,
  channel: FanoutChannel = 'books5',
): Promise<FanoutResult> {
  const sockets: WebSocket[] = [];
  const lags: number[] = [];
  /** The first receipt of each push, measured or not: a push on its way as the window opens still has its first client. */
  const firstReceipt = new Map<number, number>();
  const receipts: [seqId: number, received: number][] = [];
  let measuring = false;
  const onPush: OnPush = (ts, seqId, received) => {
    if (!firstReceipt.has(seqId)) firstReceipt.set(seqId, received);
    if (!measuring) return;
    lags.push(received - ts);
    receipts.push([seqId, received]);
  };
  try {
    for (let i = 0; i < clients; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, clients - i) }, (_, k) =>
        subscriber(wsUrls[(i + k) % wsUrls.length] as string, channel, onPush),
      );
      const opened = await Promise.allSettled(batch);
      for (const o of opened) if (o.status === 'fulfilled') sockets.push(o.value);
      const failed = opened.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
    }
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    measuring = true;
    for (let s = 0; s < seconds; s++) {
      await new Promise((r) => setTimeout(r, 1000));
      everySecond();
    }
    measuring = false;
  } finally {
    for (const ws of sockets) ws.terminate();
  }
  lags.sort((a, b) => a - b);
  const spreads = receipts.map(([seqId, received]) => received - (firstReceipt.get(seqId) as number)).sort((a, b) => a - b);
  return {
    clients,
    pushes: lags.length,
    perClientPerSecond: lags.length / clients / seconds,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags.at(-1) ?? Number.NaN,
    fanout: { p50: percentile(spreads, 50), p99: percentile(spreads, 99), max: spreads.at(-1) ?? Number.NaN },
  };
}
