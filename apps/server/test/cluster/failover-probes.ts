import { DEFAULT_API_KEY, errorResponse, idempotencyOutcomeResponse, orderUpdate, placeOrderResponse, type IdempotencyOutcomeResponse } from '@exchange/contract';
import { orderPath, type Trader } from '../crash/order-load.js';
import { WsClient } from '../ws-client.js';
import type { ClusterUnderTest, Member } from './cluster-processes.js';

const POLL_MS = 50;

/** One order call of a probe, sent to one process, and what it answered. */
export interface ProbeCall {
  trader: number;
  via: number;
  key: string | null;
  sentAt: number;
  answeredAt: number;
  status: number;
  code?: string;
  retryAfterSeconds?: number;
  orderId?: string;
}

/** When the owner was stopped, when another held the lease, and when the venues answered again (ms since 1970). */
export interface Takeover {
  stoppedAt: number;
  leaseTakenAt: number;
  servingAt: number;
}

/**
 * Watches a takeover from `stoppedAt`: the lease held by a live member other than `old`, and a venue
 * call answered again (the order book, which a follower forwards and only an owner that finished
 * taking over answers).
 */
export async function watchTakeover(cluster: ClusterUnderTest, old: Member, stoppedAt: number, timeoutMs = 30_000): Promise<Takeover> {
  let leaseTakenAt = 0;
  while (Date.now() - stoppedAt < timeoutMs) {
    if (leaseTakenAt === 0) {
      const { member } = await cluster.owner();
      if (member && member !== old) leaseTakenAt = Date.now();
    }
    const live = cluster.members.filter((m) => !m.down && m !== old);
    const answers = await Promise.all(live.map((m) => m.call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=1').catch(() => null)));
    if (leaseTakenAt > 0 && answers.some((a) => a?.status === 200)) return { stoppedAt, leaseTakenAt, servingAt: Date.now() };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`the venues did not answer again within ${timeoutMs} ms of the owner stopping`);
}

/**
 * Resting buys far below the market, sent one after the other by each trader straight to one
 * process (no retry: each answer is recorded as it came), two in three with an Idempotency-Key, until
 * `ends(sentAt)` says a call sent then was the last one needed.
 */
export async function probeOrders(
  traders: Trader[],
  via: (trader: number) => Member,
  price: string,
  keyPrefix: string,
  ends: (sentAt: number) => boolean,
  calls: ProbeCall[],
): Promise<void> {
  await Promise.all(
    traders.map(async (t, trader) => {
      for (let n = 0; ; n++) {
        const m = via(trader);
        const key = n % 3 === 2 ? null : `${keyPrefix}-${trader}-${n}`;
        const sentAt = Date.now();
        const res = await m.call('POST', orderPath(t, { order_type: 'buy', price, amount: '0.00010' }), key ? { ...t.auth, 'idempotency-key': key } : t.auth);
        const call: ProbeCall = { trader, via: m.index, key, sentAt, answeredAt: Date.now(), status: res.status };
        if (res.status === 200) call.orderId = placeOrderResponse.parse(JSON.parse(res.body)).order_id;
        else {
          const error = errorResponse.parse(JSON.parse(res.body));
          call.code = error.code;
          call.retryAfterSeconds = error.retry_after_seconds;
        }
        calls.push(call);
        if (ends(sentAt)) return;
        // A refusal comes back at once: a short pause keeps the loop from spinning.
        if (res.status !== 200) await new Promise((r) => setTimeout(r, POLL_MS));
      }
    }),
  );
}

/** The Idempotency-Key read, through any live member. */
export async function outcomeOf(cluster: ClusterUnderTest, t: Trader, key: string): Promise<IdempotencyOutcomeResponse> {
  const res = await cluster.call('GET', `/api/v1/idempotency-keys/${encodeURIComponent(key)}?apikey=${DEFAULT_API_KEY}`, t.auth);
  if (res.status !== 200) throw new Error(`the outcome read of ${key} answered ${res.status} ${res.body}`);
  return idempotencyOutcomeResponse.parse(JSON.parse(res.body));
}

/**
 * A trader's /ws/private socket subscribed to `orders` that, as a client does, reconnects at once
 * when the server closes it, to the next live process in turn, and logs in and subscribes again.
 */
export class ReconnectingSocket {
  /** Every order id an `orders` push named. */
  readonly seen = new Set<string>();
  /** Pushes that are not the contract's order rows. */
  readonly malformed: string[] = [];
  /** The process the socket is on now. */
  member: Member;
  reconnects = 0;
  private socket: WsClient | null = null;
  private stopped = false;
  private ready: Promise<void>;

  constructor(
    private readonly cluster: ClusterUnderTest,
    private readonly trader: Trader,
    first: Member,
    private readonly turn: number,
  ) {
    this.member = first;
    this.ready = this.opened(first);
  }

  /** Resolves once the socket on the current process is logged in and subscribed. */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  /** Waits until an `orders` push names `orderId`. */
  async sees(orderId: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.seen.has(orderId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
    return this.seen.has(orderId);
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  /** The opening, its failure kept for `whenReady` (a reconnection nobody awaits yet must not reject unheard). */
  private opened(m: Member): Promise<void> {
    const opening = this.open(m);
    opening.catch(() => undefined);
    return opening;
  }

  private async open(m: Member): Promise<void> {
    const socket = await WsClient.open(`${m.server.baseUrl.replace('http', 'ws')}/ws/private`);
    this.socket = socket;
    this.member = m;
    socket.ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { arg?: { channel?: string }; data?: unknown[] };
      if (message.arg?.channel !== 'orders' || !Array.isArray(message.data)) return;
      for (const row of message.data) {
        const parsed = orderUpdate.safeParse(row);
        if (parsed.success) this.seen.add(parsed.data.order_id);
        else this.malformed.push(JSON.stringify(row));
      }
    });
    void socket.closed.then(() => {
      if (this.stopped) return;
      const live = this.cluster.members.filter((x) => !x.down && x !== m);
      this.reconnects += 1;
      this.ready = this.opened(live[(this.turn + this.reconnects) % live.length] as Member);
    });
    socket.send({ op: 'login', args: [{ token: this.trader.auth.authorization?.replace('Bearer ', '') }] });
    await socket.next((x) => typeof x === 'object' && x.event === 'login', 10_000);
    socket.send({ op: 'subscribe', args: [{ channel: 'orders' }] });
    await socket.next((x) => typeof x === 'object' && x.event === 'subscribe', 10_000);
  }
}
