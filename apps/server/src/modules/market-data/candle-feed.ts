import type { WebSocket } from 'ws';
import type { BusinessWsChannel, OkxBar } from '@exchange/contract';
import type { MarketData } from './market-data.js';
import type { Venue } from '../../venue/venue.js';
import { sendBounded } from '../../plugins/ws-send.js';
import { okxCandles, sourceBarsFor, sourceOf, type OkxCandleRow } from './okx-candles.js';
import { statsKey } from './okx-format.js';
import { FlushTimer, SocketTopics } from './feed-parts.js';

export const MAX_BUSINESS_SUBSCRIPTIONS = 100;

interface Topic {
  bar: OkxBar;
  market: Venue;
  argJson: string;
  sockets: Set<WebSocket>;
  /** Time of the bar last pushed: when a newer one opens, that one is pushed once more, confirmed. */
  lastTs?: string;
}

/**
 * The `candle{bar}` channels of /ws/v5/business. A market's trades mark its bar topics dirty; at
 * most every `intervalMs` each dirty topic's newest bar is built once and the same string goes to
 * every subscriber. Bars come from market data, which every process of a cluster keeps from the
 * committed trades, so each process builds its own: no relay is needed.
 */
export class CandleFeed {
  private readonly topics = new Map<string, Topic>();
  private readonly byInstId = new Map<string, Set<string>>();
  private readonly socketTopics = new SocketTopics();
  private readonly dirty = new Set<string>();
  private readonly timer = new FlushTimer();
  private readonly stopListening: () => void;

  constructor(
    private readonly market: MarketData,
    private readonly intervalMs = 100,
  ) {
    this.stopListening = market.onChange((instId, trades) => {
      if (trades.length === 0) return;
      for (const key of this.byInstId.get(instId) ?? []) this.dirty.add(key);
      if (this.dirty.size > 0) this.timer.start(this.intervalMs, () => this.flush());
    });
  }

  subscriptionCount(socket: WebSocket): number {
    return this.socketTopics.count(socket);
  }

  /** Adds the subscription and sends the newest bar, as OKX does. */
  subscribe(socket: WebSocket, channel: BusinessWsChannel, market: Venue): void {
    const key = `${channel}:${market.instId}`;
    let topic = this.topics.get(key);
    if (!topic) {
      topic = { bar: channel.slice('candle'.length) as OkxBar, market, argJson: JSON.stringify({ channel, instId: market.instId }), sockets: new Set() };
      this.topics.set(key, topic);
      let keys = this.byInstId.get(market.instId);
      if (!keys) this.byInstId.set(market.instId, (keys = new Set()));
      keys.add(key);
    }
    topic.sockets.add(socket);
    this.socketTopics.add(socket, key);
    const newest = this.rows(topic, 1)[0];
    if (!newest) return;
    topic.lastTs ??= newest[0];
    sendBounded(socket, this.message(topic, newest));
  }

  unsubscribe(socket: WebSocket, channel: BusinessWsChannel, market: Venue): void {
    this.socketTopics.remove(socket, `${channel}:${market.instId}`, (key) => this.leave(key, socket));
  }

  removeSocket(socket: WebSocket): void {
    this.socketTopics.removeSocket(socket, (key) => this.leave(key, socket));
  }

  /** Sends every dirty topic's bars now (the timer calls this; tests may too). */
  flush(): void {
    this.timer.stop();
    for (const key of this.dirty) {
      const topic = this.topics.get(key);
      if (!topic) continue;
      const [newest, previous] = this.rows(topic, 2);
      if (!newest) continue;
      if (topic.lastTs !== undefined && previous && newest[0] !== topic.lastTs && previous[0] === topic.lastTs) {
        this.broadcast(topic, this.message(topic, previous));
      }
      topic.lastTs = newest[0];
      this.broadcast(topic, this.message(topic, newest));
    }
    this.dirty.clear();
  }

  close(): void {
    this.stopListening();
    this.timer.stop();
  }

  /** The newest `count` bars, newest first, from only the source bars they are made of. */
  private rows(topic: Topic, count: number): OkxCandleRow[] {
    const source = this.market.candles.recent(statsKey(topic.market), sourceOf(topic.bar), sourceBarsFor(topic.bar, count));
    return okxCandles(source, topic.bar, { limit: count }, this.market.now, topic.market.kind !== 'spot');
  }

  private message(topic: Topic, row: OkxCandleRow): string {
    return `{"arg":${topic.argJson},"data":[${JSON.stringify(row)}]}`;
  }

  private broadcast(topic: Topic, message: string): void {
    for (const socket of topic.sockets) sendBounded(socket, message);
  }

  private leave(key: string, socket: WebSocket): void {
    const topic = this.topics.get(key);
    if (!topic) return;
    topic.sockets.delete(socket);
    if (topic.sockets.size > 0) return;
    this.topics.delete(key);
    this.dirty.delete(key);
    const keys = this.byInstId.get(topic.market.instId);
    keys?.delete(key);
    if (keys?.size === 0) this.byInstId.delete(topic.market.instId);
  }
}
