import type { FastifyBaseLogger } from 'fastify';
import { Empty, ErrorCode, NatsError, type Subscription } from 'nats';
import { z } from 'zod';
import type { Cluster } from './cluster.js';
import { openLeaderStream, type LeaderStream } from './leader-stream.js';
import type { FeedBatch, FeedLink } from '../modules/market-data/index.js';

/** A follower that starts waits this long at most for the leader's newest messages. */
const SNAPSHOT_TIMEOUT_MS = 1000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Each message must open with its own topic's arg, as the feed builds them: the relay sends it to
 * that topic's subscribers unread, so one topic's data can never reach another's.
 */
const feedBatch = z.array(
  z.tuple([z.string(), z.string()]).refine(([key, message]) => {
    const colon = key.indexOf(':');
    const arg = JSON.stringify({ channel: key.slice(0, colon), instId: key.slice(colon + 1) });
    return colon > 0 && message.startsWith(`{"arg":${arg},"data":`);
  }),
);

export function encodeFeedBatch(batch: FeedBatch): string {
  return JSON.stringify(batch);
}

/** Throws on anything but a batch as `encodeFeedBatch` writes it. */
export function decodeFeedBatch(text: string): FeedBatch {
  return feedBatch.parse(JSON.parse(text));
}

/**
 * The public feed's link to the rest of the cluster: the leader's flushes on `market.feed`, and
 * `market.feed.snapshot`, which only the leader listens to, so that a process that starts while
 * there is none hears "no responders" at once instead of waiting out the timeout.
 */
export function clusterFeedLink(cluster: Cluster, log: FastifyBaseLogger): FeedLink {
  const snapshotSubject = cluster.subject('market.feed.snapshot');
  let stream: LeaderStream | undefined;
  let answering: Subscription | undefined;
  let stopRoles: (() => void) | undefined;
  return {
    open(feed) {
      stream = openLeaderStream(cluster, 'market.feed', decodeFeedBatch, (batch) => feed.relay(batch), log);
      const onRole = (leader: boolean) => {
        if (leader) {
          // Built before the first request can be answered: lead() flushes every topic at once.
          feed.lead();
          answering = cluster.nats.subscribe(snapshotSubject, {
            callback: (err, msg) => {
              if (!err) msg.respond(encoder.encode(encodeFeedBatch(feed.current())));
            },
          });
        } else {
          answering?.unsubscribe();
          answering = undefined;
          feed.follow();
        }
      };
      stopRoles = cluster.onRoleChange(onRole);
      onRole(cluster.isLeader());
    },
    publish(batch) {
      stream?.publish(encodeFeedBatch(batch));
    },
    async requestSnapshot() {
      let reply;
      try {
        reply = await cluster.nats.request(snapshotSubject, Empty, { timeout: SNAPSHOT_TIMEOUT_MS });
      } catch (err) {
        // No leader yet is how a cluster starts: the leader's first flush will build every topic.
        if (!(err instanceof NatsError && err.code === ErrorCode.NoResponders)) log.warn({ err }, 'the leader sent no feed snapshot');
        return [];
      }
      try {
        return decodeFeedBatch(decoder.decode(reply.data));
      } catch {
        log.warn({ bytes: reply.data.length }, 'dropped a malformed feed snapshot');
        return [];
      }
    },
    close() {
      stopRoles?.();
      answering?.unsubscribe();
      stream?.close();
    },
  };
}
