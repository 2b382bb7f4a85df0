import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../cluster/cluster.js';
import { openLeaderStream, type LeaderStream } from '../cluster/leader-stream.js';
import { LocalBus, type VenueBus, type VenueListener } from './bus.js';
import type { VenueMessage } from './events.js';
import { decodeVenueMessage, encodeVenueMessage } from './wire-codec.js';

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
    if (this.cluster.isLeader()) this.stream.publish(encodeVenueMessage(message));
  }

  subscribe(listener: VenueListener): () => void {
    return this.local.subscribe(listener);
  }
}
