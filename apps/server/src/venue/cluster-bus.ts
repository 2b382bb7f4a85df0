import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../cluster/cluster.js';
import { leaderSender, listenToOthers } from '../cluster/leader-stream.js';
import { LocalBus, type VenueBus, type VenueListener } from './bus.js';
import type { VenueMessage } from './events.js';
import { encodeWithin } from './message-split.js';
import { splitByUser } from './user-parts.js';
import { decodeVenueMessage, encodeVenueMessage } from './wire-codec.js';

/** NATS' own default, for a connection that has not heard the server's yet. */
const DEFAULT_MAX_PAYLOAD = 1_048_576;
const HEADER_ROOM = 4_096;
/** What a NATS subject token may hold; any other user id is sent hex-encoded. */
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

interface Watch {
  count: number;
  stop: () => void;
}

/**
 * The venue bus of a cluster's process. Its own messages reach its subscribers at once, as on a
 * single process; only the venues' owner (the leader) also sends them to the other processes,
 * whose venues are stale copies: a follower's messages (a book it restored, say) say nothing
 * about the live venues. Every other process's messages reach this process's subscribers, so
 * candles, tickers and the private feeds follow the leader everywhere.
 *
 * A committed batch crosses NATS in parts: its events on `venue.events`, which every process hears,
 * and each user's orders and fills on `venue.user.<id>`, which a process hears only while it serves
 * that user's private feed. Most users are connected to one process or none, so a follower no
 * longer decodes every user's rows (about 85 % of a batch's decoding) to send a few of them.
 */
export class ClusterBus implements VenueBus {
  private readonly local: LocalBus;
  private readonly send: (subject: string, text: string) => void;
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly cluster: Cluster,
    private readonly log: FastifyBaseLogger,
  ) {
    this.local = new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
    this.send = leaderSender(cluster, log);
    listenToOthers(cluster, cluster.subject('venue.events'), decodeVenueMessage, (m) => this.local.publish(m), log);
  }

  publish(message: VenueMessage): void {
    this.local.publish(message);
    if (!this.cluster.isLeader()) return;
    if (message.type !== 'committed') {
      this.sendWithin(this.cluster.subject('venue.events'), message);
      return;
    }
    const { shared, users } = splitByUser(message);
    if (shared) this.sendWithin(this.cluster.subject('venue.events'), shared);
    for (const [userId, part] of users) this.sendWithin(this.userSubject(userId), part);
  }

  subscribe(listener: VenueListener): () => void {
    return this.local.subscribe(listener);
  }

  watchUser(userId: string): () => void {
    let watch = this.watches.get(userId);
    if (!watch) {
      const stop = listenToOthers(this.cluster, this.userSubject(userId), decodeVenueMessage, (m) => this.local.publish(m), this.log);
      watch = { count: 0, stop };
      this.watches.set(userId, watch);
    }
    watch.count++;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const w = this.watches.get(userId);
      if (!w || --w.count > 0) return;
      this.watches.delete(userId);
      w.stop();
    };
  }

  private userSubject(userId: string): string {
    const token = SUBJECT_TOKEN.test(userId) ? userId : `x${Buffer.from(userId).toString('hex')}`;
    return this.cluster.subject(`venue.user.${token}`);
  }

  /**
   * Within what one NATS message may carry (the server's max_payload, 1 MB by default, less room
   * for the headers): a bigger one is refused whole, and the followers would miss that batch's
   * trades and order updates. A batch of several hundred orders can pass it.
   */
  private sendWithin(subject: string, message: VenueMessage): void {
    const maxBytes = (this.cluster.nats.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - HEADER_ROOM;
    for (const text of encodeWithin(message, maxBytes, encodeVenueMessage)) this.send(subject, text);
  }
}
