import type { WebSocket } from 'ws';
import { publicWsChannel, type PublicWsChannel } from '@exchange/contract';
import type { MarketData } from './market-data.js';
import type { Venue } from '../../venue/venue.js';
import { okxBook, okxTicker, okxTrade } from './okx-format.js';
import type { Trade } from '../../venue/events.js';
import { sendBounded } from '../../plugins/ws-send.js';
import { Fanout } from '../../plugins/ws-fanout.js';
import { BooksChannel, isBooksSnapshot } from './books-channel.js';
import { FlushTimer, SocketTopics } from './feed-parts.js';

const CHANNELS = publicWsChannel.options;
const DERIVATIVE_CHANNELS = ['mark-price', 'funding-rate', 'open-interest'] as const satisfies readonly PublicWsChannel[];
type DerivativeChannel = (typeof DERIVATIVE_CHANNELS)[number];
const isDerivative = (c: PublicWsChannel): c is DerivativeChannel => (DERIVATIVE_CHANNELS as readonly string[]).includes(c);

/**
 * The perpetual contracts' own channels (mark price, funding rate, open interest): their data, and a
 * signal after each risk step that it may have changed. The futures module provides it.
 */
export interface DerivativesSource {
  data(channel: DerivativeChannel, instId: string, ts: number): Record<string, string> | undefined;
  onStep(listener: () => void): () => void;
}

/** A topic's key (`channel:instId`) and the message one flush built for it. */
export type FeedBatch = readonly (readonly [key: string, message: string])[];

/**
 * Where a cluster's feeds meet (cluster/feed-link.ts): the leader sends every flush, and answers a
 * process that begins to follow with the newest message of each topic.
 */
export interface FeedLink {
  /**
   * Starts hearing the cluster: `lead` or `follow` now and at each change of this process's role,
   * the leader's flushes, and (while leading) the requests answered with `current`.
   */
  open(feed: { lead(): void; follow(): void; relay(batch: FeedBatch): void; current(): FeedBatch }): void;
  publish(batch: FeedBatch): void;
  /** The leader's newest messages; none when no leader answers. Never rejects. */
  requestSnapshot(): Promise<FeedBatch>;
  close(): void;
}

/** Alone, a feed builds what its subscribers want; on a cluster the leader builds everything, the others relay it. */
type Role = 'single' | 'leader' | 'follower';

export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;

interface Topic {
  channel: PublicWsChannel;
  market: Venue;
  argJson: string;
  sockets: Set<WebSocket>;
}

/**
 * Fan-out of the OKX-style public channels. Market changes only mark topics dirty; at most every
 * `intervalMs` a flush builds each dirty topic's message ONCE and sends that same frame to every
 * subscriber (ws-fanout.ts). `ts` in books5 and tickers is the wall-clock time of the first change in the batch,
 * so receive time − ts is the delivery lag from the engine event.
 *
 * On a cluster only the venues' owner can build (the others' venues are stale): it builds every
 * topic of every market and publishes each flush, and every other process sends those very
 * strings to its own subscribers. Both answer a new subscription with the topic's newest message,
 * so a books5 subscriber sees the same snapshots on every process.
 */
export class PublicFeed {
  private readonly topics = new Map<string, Topic>();
  private readonly socketTopics = new SocketTopics();
  private readonly dirtySince = new Map<string, number>();
  private readonly pendingTrades = new Map<string, Trade[]>();
  private readonly lastBook = new Map<string, string>();
  private readonly seq = new Map<string, number>();
  /** The `books` topics' held books and sequences. */
  private readonly books = new Map<string, BooksChannel>();
  /** On a cluster: the newest message of every topic but trades, a new subscription's first. */
  private readonly latest = new Map<string, string>();
  private role: Role = 'single';
  private snapshot: Promise<void> = Promise.resolve();
  private readonly timer = new FlushTimer();
  private readonly fanout = new Fanout();
  private lastFlush = 0;
  private readonly unsubscribeMarket: () => void;

  private readonly lastDerivative = new Map<string, string>();
  private unsubscribeDerivatives: (() => void) | undefined;
  private derivatives: DerivativesSource | undefined;

  constructor(
    private readonly market: MarketData,
    private readonly link?: FeedLink,
    private readonly intervalMs = 100,
  ) {
    this.unsubscribeMarket = market.onChange((instId, trades) => this.onMarketChange(instId, trades));
    link?.open({
      lead: () => this.lead(),
      follow: () => this.follow(),
      relay: (batch) => this.relay(batch),
      current: () => [...this.latest],
    });
  }

  /** Feeds the contracts' channels from `source` (set each time the futures module opens). */
  useDerivatives(source: DerivativesSource): void {
    this.unsubscribeDerivatives?.();
    this.derivatives = source;
    this.unsubscribeDerivatives = source.onStep(() => this.onDerivativesStep());
  }

  /** Resolves once a follower holds the leader's newest messages (at once otherwise). */
  synced(): Promise<void> {
    return this.snapshot;
  }

  close(): void {
    this.unsubscribeMarket();
    this.unsubscribeDerivatives?.();
    this.link?.close();
    this.timer.stop();
    this.fanout.close();
  }

  subscriptionCount(socket: WebSocket): number {
    return this.socketTopics.count(socket);
  }

  /** Adds the subscription and sends the topic's current state (books5, tickers) to this socket. */
  subscribe(socket: WebSocket, channel: PublicWsChannel, market: Venue): void {
    const key = `${channel}:${market.instId}`;
    // Its first message is built from the newest state: what is still being sent is older, so it goes first.
    this.fanout.drain();
    const topic = this.topicOf(key, channel, market);
    topic.sockets.add(socket);
    this.socketTopics.add(socket, key);
    if (this.role !== 'single') {
      const message = this.latest.get(key);
      if (message) sendBounded(socket, message);
      return;
    }
    const now = Date.now();
    if (channel === 'books5' || channel === 'bbo-tbt') sendBounded(socket, this.bookMessage(topic, now));
    if (channel === 'books') sendBounded(socket, this.booksOf(topic, key, now).snapshot());
    if (channel === 'tickers') {
      const message = this.tickerMessage(topic, now);
      if (message) sendBounded(socket, message);
    }
    if (isDerivative(channel)) {
      const message = this.derivativeMessage(topic, channel, now);
      if (message) sendBounded(socket, message);
    }
  }

  unsubscribe(socket: WebSocket, channel: PublicWsChannel, market: Venue): void {
    this.socketTopics.remove(socket, `${channel}:${market.instId}`, (key) => this.leave(key, socket));
  }

  removeSocket(socket: WebSocket): void {
    this.socketTopics.removeSocket(socket, (key) => this.leave(key, socket));
  }

  /** Sends every pending update now (the timer calls this; tests may too). */
  flush(): void {
    this.timer.stop();
    this.lastFlush = Date.now();
    const batch: [string, string][] | undefined = this.role === 'leader' ? [] : undefined;
    for (const [key, since] of this.dirtySince) {
      const topic = this.topics.get(key);
      if (!topic) continue;
      const message = this.messageFor(topic, key, since);
      if (batch && topic.channel === 'books') {
        const snapshot = this.booksOf(topic, key, since).snapshot();
        this.latest.set(key, snapshot);
        // Beside each update the book it leads to: the other processes keep it as a new subscriber's snapshot.
        batch.push([key, snapshot]);
      }
      if (!message) continue;
      this.broadcast(topic, message);
      if (batch) {
        batch.push([key, message]);
        if (topic.channel !== 'trades' && topic.channel !== 'books') this.latest.set(key, message);
      }
    }
    this.dirtySince.clear();
    this.pendingTrades.clear();
    if (batch && batch.length > 0) this.link?.publish(batch);
  }

  /**
   * On a cluster, once this process owns the venues: every topic of every market is built from now
   * on, subscribed here or not, and each flush goes to the other processes; the first flush, at
   * once, builds them all.
   */
  private lead(): void {
    if (this.role === 'leader') return;
    this.role = 'leader';
    this.latest.clear();
    for (const venue of this.market.allMarkets()) this.openTopics(venue);
    const now = Date.now();
    for (const [key, topic] of this.topics) if (topic.channel !== 'trades') this.dirtySince.set(key, now);
    this.flush();
  }

  /** On a cluster, while another process owns the venues: the leader's messages are relayed. */
  private follow(): void {
    if (this.role === 'follower') return;
    this.role = 'follower';
    this.timer.stop();
    for (const state of [this.dirtySince, this.pendingTrades, this.lastBook, this.lastDerivative, this.latest, this.books]) state.clear();
    for (const [key, topic] of this.topics) if (topic.sockets.size === 0) this.topics.delete(key);
    const answer = this.link?.requestSnapshot();
    this.snapshot = answer
      ? answer.then((batch) => {
          if (this.role !== 'follower') return;
          // What was relayed while the answer travelled is newer than the answer.
          for (const [key, message] of batch) if (!this.latest.has(key)) this.latest.set(key, message);
        })
      : Promise.resolve();
  }

  private relay(batch: FeedBatch): void {
    if (this.role !== 'follower') return;
    for (const [key, message] of batch) {
      if (isBooksSnapshot(message)) {
        this.latest.set(key, message);
        continue;
      }
      if (!key.startsWith('trades:') && !key.startsWith('books:')) this.latest.set(key, message);
      const topic = this.topics.get(key);
      if (topic) this.broadcast(topic, message);
    }
  }

  private topicOf(key: string, channel: PublicWsChannel, market: Venue): Topic {
    let topic = this.topics.get(key);
    if (!topic) {
      topic = { channel, market, argJson: JSON.stringify({ channel, instId: market.instId }), sockets: new Set() };
      this.topics.set(key, topic);
    }
    return topic;
  }

  /** The leader's topics of one market: every channel it has, kept without subscribers. */
  private openTopics(market: Venue): void {
    for (const channel of CHANNELS) {
      if (market.kind !== 'spot' || !isDerivative(channel)) this.topicOf(`${channel}:${market.instId}`, channel, market);
    }
  }

  private leave(key: string, socket: WebSocket): void {
    const topic = this.topics.get(key);
    if (!topic) return;
    topic.sockets.delete(socket);
    if (topic.sockets.size === 0 && this.role !== 'leader') {
      this.topics.delete(key);
      this.dirtySince.delete(key);
      this.pendingTrades.delete(key);
      this.lastBook.delete(key);
      this.lastDerivative.delete(key);
      this.books.delete(key);
    }
  }

  /** After a risk step every contract channel with subscribers may have moved; unchanged data is not sent again. */
  private onDerivativesStep(): void {
    if (this.role === 'follower') return;
    const now = Date.now();
    let any = false;
    for (const [key, topic] of this.topics) {
      if (!isDerivative(topic.channel)) continue;
      if (!this.dirtySince.has(key)) this.dirtySince.set(key, now);
      any = true;
    }
    if (any) this.schedule(now);
  }

  private onMarketChange(instId: string, trades: readonly Trade[]): void {
    if (this.role === 'follower') return;
    if (this.role === 'leader' && !this.topics.has(`books5:${instId}`)) {
      // A market listed after the feed began to lead (a delivery contract's next quarter).
      const market = this.market.market(instId);
      if (market) this.openTopics(market);
    }
    const now = Date.now();
    let any = false;
    for (const channel of CHANNELS) {
      const key = `${channel}:${instId}`;
      if (!this.topics.has(key)) continue;
      if (channel === 'bbo-tbt') {
        this.pushNow(key);
        continue;
      }
      if (channel === 'trades') {
        if (trades.length === 0) continue;
        const list = this.pendingTrades.get(key);
        if (list) list.push(...trades);
        else this.pendingTrades.set(key, [...trades]);
      } else if ((channel === 'tickers' && trades.length === 0) || isDerivative(channel)) {
        continue;
      }
      if (!this.dirtySince.has(key)) this.dirtySince.set(key, now);
      any = true;
    }
    if (any) this.schedule(now);
  }

  /** bbo-tbt is tick by tick: each change of the best levels goes out at once, built once for every subscriber. */
  private pushNow(key: string): void {
    const topic = this.topics.get(key);
    const message = topic && this.bookMessage(topic, Date.now(), key);
    if (!topic || !message) return;
    this.broadcast(topic, message);
    if (this.role !== 'leader') return;
    this.latest.set(key, message);
    this.link?.publish([[key, message]]);
  }

  private schedule(now: number): void {
    if (this.timer.pending) return;
    this.timer.start(Math.max(0, this.lastFlush + this.intervalMs - now), () => this.flush());
  }

  private messageFor(topic: Topic, key: string, since: number): string | undefined {
    if (topic.channel === 'trades') {
      const trades = this.pendingTrades.get(key) ?? [];
      if (trades.length === 0) return undefined;
      const data = trades.map((t) => okxTrade(topic.market.instId, t));
      return `{"arg":${topic.argJson},"data":${JSON.stringify(data)}}`;
    }
    if (topic.channel === 'tickers') return this.tickerMessage(topic, since);
    if (topic.channel === 'books') return this.booksOf(topic, key, since).update(since);
    if (isDerivative(topic.channel)) {
      const message = this.derivativeMessage(topic, topic.channel, since);
      if (!message) return undefined;
      // The same figures again (no new mark, rate or interest) are not news.
      const body = message.replace(/"ts":"\d+"/, '');
      if (this.lastDerivative.get(key) === body) return undefined;
      this.lastDerivative.set(key, body);
      return message;
    }
    return this.bookMessage(topic, since, key);
  }

  private booksOf(topic: Topic, key: string, ts: number): BooksChannel {
    let books = this.books.get(key);
    if (!books) {
      books = new BooksChannel(topic.market, topic.argJson, ts);
      this.books.set(key, books);
    }
    return books;
  }

  private derivativeMessage(topic: Topic, channel: DerivativeChannel, ts: number): string | undefined {
    const data = this.derivatives?.data(channel, topic.market.instId, ts);
    return data ? `{"arg":${topic.argJson},"data":[${JSON.stringify(data)}]}` : undefined;
  }

  /** books5 and bbo-tbt; with `key`, answers undefined when their levels did not change since the last push. */
  private bookMessage(topic: Topic, ts: number): string;
  private bookMessage(topic: Topic, ts: number, key?: string): string | undefined;
  private bookMessage(topic: Topic, ts: number, key?: string): string | undefined {
    const book = okxBook(topic.market, topic.channel === 'bbo-tbt' ? 1 : 5, ts);
    const levels = `"asks":${JSON.stringify(book.asks)},"bids":${JSON.stringify(book.bids)}`;
    if (key !== undefined) {
      if (this.lastBook.get(key) === levels) return undefined;
      this.lastBook.set(key, levels);
    }
    const seqId = (this.seq.get(topic.market.instId) ?? 0) + 1;
    this.seq.set(topic.market.instId, seqId);
    const instId = topic.market.instId;
    return `{"arg":${topic.argJson},"data":[{${levels},"instId":"${instId}","ts":"${ts}","seqId":${seqId}}]}`;
  }

  private tickerMessage(topic: Topic, ts: number): string | undefined {
    const stats = this.market.ticker(topic.market.kind === 'spot' ? topic.market.coin.symbol : topic.market.instId);
    if (!stats) return undefined;
    return `{"arg":${topic.argJson},"data":[${JSON.stringify(okxTicker(topic.market, stats, ts))}]}`;
  }

  private broadcast(topic: Topic, message: string): void {
    this.fanout.send(message, topic.sockets);
  }
}
