import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../cluster/cluster.js';
import { openLeaderStream, type LeaderStream } from '../cluster/leader-stream.js';
import { UserSubjects } from '../cluster/user-subjects.js';
import { LocalBus, type VenueBus, type VenueListener } from './bus.js';
import type { VenueMessage } from './events.js';
import { encodeWithin } from './message-split.js';
import { splitByUser } from './user-parts.js';
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
 *
 * A committed batch crosses NATS in parts: its trades on `venue.events`, which every process hears,
 * and each user's orders and fills on `venue.user.<id>`, which a process hears only while it serves
 * that user's private feed (`watchUser`). A follower used to decode every user's rows, about 85 % of
 * a batch's decoding, to send a few of them, and then every engine event, to use the fills
 * (venue/user-parts.ts).
 */
export class ClusterBus implements VenueBus {
  private readonly local: LocalBus;
  private readonly shared: LeaderStream;
  private readonly users: UserSubjects<VenueMessage>;

  constructor(
    private readonly cluster: Cluster,
    log: FastifyBaseLogger,
  ) {
    this.local = new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
    const deliver = (m: VenueMessage) => this.local.publish(m);
    this.shared = openLeaderStream(cluster, 'venue.events', decodeVenueMessage, deliver, log);
    this.users = new UserSubjects(cluster, 'venue.user', decodeVenueMessage, deliver, log);
  }

  publish(message: VenueMessage): void {
    this.local.publish(message);
    if (!this.cluster.isLeader()) return;
    if (message.type !== 'committed') {
      this.within(message, (text) => this.shared.publish(text));
      return;
    }
    const parts = splitByUser(message);
    if (parts.shared) this.within(parts.shared, (text) => this.shared.publish(text));
    for (const [userId, part] of parts.users) this.within(part, (text) => this.users.publish(userId, text));
  }

  subscribe(listener: VenueListener): () => void {
    return this.local.subscribe(listener);
  }

  watchUser(userId: string): () => void {
    return this.users.watch(userId);
  }

  /**
   * Within what one NATS message may carry (the server's max_payload, 1 MB by default, less room
   * for the headers): a bigger one is refused whole, and the followers would miss that batch's
   * trades and order updates. A batch of several hundred orders can pass it.
   */
  private within(message: VenueMessage, send: (text: string) => void): void {
    const maxBytes = (this.cluster.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADER_ROOM;
    for (const text of encodeWithin(message, maxBytes, encodeVenueMessage)) send(text);
  }
}
