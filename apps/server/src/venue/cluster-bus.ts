import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../cluster/cluster.js';
import { openLeaderStream, type LeaderStream } from '../cluster/leader-stream.js';
import { LocalBus, type VenueBus, type VenueListener } from './bus.js';
import type { VenueMessage } from './events.js';
import { encodeWithin } from './message-split.js';
import { decodeVenueMessage, encodeVenueMessage } from './wire-codec.js';

/** NATS' own default, for a connection that has not heard the server's yet. */
const DEFAULT_MAX_PAYLOAD = 1_048_576;
const HEADER_ROOM = 4_096;

/**
 * The venue bus of a cluster's process. Its own messages reach its subscribers at once, as on a
 * single process; only the venues' owner (the leader) also sends them to the other processes,
 * whose venues are stale copies: a follower's messages (a book it restored, say) say nothing
 * about the live venues. Every other process's messages reach this process's subscribers, so
 * candles, tickers and the private feeds follow the leader everywhere.
 */
export class ClusterBus implements VenueBus {
  private readonly local: LocalBus;
  private readonly stream: LeaderStream;

  constructor(
    private readonly cluster: Cluster,
    log: FastifyBaseLogger,
  ) {
    this.local = new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
    this.stream = openLeaderStream(cluster, 'venue.events', decodeVenueMessage, (m) => this.local.publish(m), log);
  }

  publish(message: VenueMessage): void {
    this.local.publish(message);
    if (!this.cluster.isLeader()) return;
    for (const text of encodeWithin(message, this.maxBytes(), encodeVenueMessage)) this.stream.publish(text);
  }

  /**
   * What one NATS message may carry (the server's max_payload, 1 MB by default), less room for the
   * headers: a bigger one is refused whole, and the followers would miss that batch's trades and
   * order updates. A batch of several hundred orders can pass it.
   */
  private maxBytes(): number {
    return (this.cluster.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADER_ROOM;
  }

  subscribe(listener: VenueListener): () => void {
    return this.local.subscribe(listener);
  }
}
