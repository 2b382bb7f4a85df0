import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from './cluster.js';
import { openLeaderStream, type LeaderStream } from './leader-stream.js';
import { HeldKeys } from '../shared/held-keys.js';
import { LocalBus, type VenueBus, type VenueListener } from '../venue/bus.js';
import type { VenueMessage } from '../venue/events.js';
import { encodeWithin } from '../venue/message-split.js';
import { EVERYONE, packParts, unpackParts, type Part } from '../venue/packed-parts.js';
import { splitByUser } from '../venue/user-parts.js';
import { decodeVenueMessage, encodeVenueMessage } from '../venue/wire-codec.js';

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
 * A committed batch crosses NATS on `venue.events` as one message (more past NATS' size limit) of
 * parts (venue/packed-parts.ts): its trades, which every process takes, and each user's orders and
 * fills, which a process takes only while it serves that user's private feed (`watchUser`). A
 * follower slices out those parts and parses no other user's rows (they were about 85 % of a
 * batch's decoding). Each user's part used to go on a subject of its own: one NATS message per user
 * and batch, whose sending took about a tenth of the owner's time under load (docs/benchmarks.md).
 */
export class ClusterBus implements VenueBus {
  private readonly local: LocalBus;
  private readonly shared: LeaderStream;
  /** Users with a private socket here. */
  private readonly watched = new HeldKeys();

  constructor(
    private readonly cluster: Cluster,
    log: FastifyBaseLogger,
  ) {
    this.local = new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
    const wanted = (userId: string) => this.watched.has(userId);
    const decode = (text: string) => unpackParts(text, wanted, decodeVenueMessage);
    const deliver = (messages: VenueMessage[]) => {
      for (const m of messages) this.local.publish(m);
    };
    this.shared = openLeaderStream(cluster, 'venue.events', decode, deliver, log);
  }

  publish(message: VenueMessage): void {
    this.local.publish(message);
    if (!this.cluster.isLeader()) return;
    // Within what one NATS message may carry (the server's max_payload, 1 MB by default, less room
    // for the headers): a bigger one is refused whole, and the followers would miss that batch's
    // trades and order updates. A batch of several hundred orders can pass it.
    const maxBytes = (this.cluster.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADER_ROOM;
    const parts: Part[] = [];
    const add = (key: string, m: VenueMessage) => {
      for (const text of encodeWithin(m, maxBytes, encodeVenueMessage)) parts.push({ key, text });
    };
    if (message.type !== 'committed') {
      add(EVERYONE, message);
    } else {
      const { shared, users } = splitByUser(message);
      if (shared) add(EVERYONE, shared);
      for (const [userId, part] of users) add(userId, part);
    }
    for (const text of packParts(parts, maxBytes)) this.shared.publish(text);
  }

  subscribe(listener: VenueListener): () => void {
    return this.local.subscribe(listener);
  }

  /** Takes `userId`'s rows from the leader's messages until the returned function is called (again is harmless). */
  watchUser(userId: string): () => void {
    return this.watched.hold(userId);
  }
}
