import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Cluster } from './cluster.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The sender travels with the body, so that a process can tell its own messages from the others'. */
const envelope = z.object({ from: z.string().min(1), body: z.unknown() });

/**
 * A message read from NATS, or null unless it is JSON, in the envelope, with a body `schema`
 * accepts: whoever can reach the cluster's NATS can publish anything on its subjects.
 */
export function parseBroadcast<T>(data: Uint8Array, schema: z.ZodType<T>): { from: string; body: T } | null {
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(data));
  } catch {
    return null;
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return null;
  const body = schema.safeParse(outer.data.body);
  return body.success ? { from: outer.data.from, body: body.data } : null;
}

/**
 * One kind of message every process of the cluster hears, on the subject `<namespace>.<name>`.
 * Returns the function that publishes one to the other processes. `deliver` gets each message
 * another process published; this process's own are not sent back (`noEcho`, cluster.ts) and would
 * be skipped if they were, since its sender already told its local listeners without waiting for
 * the round trip.
 */
export function openBroadcast<T>(
  cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>,
  name: string,
  schema: z.ZodType<T>,
  log: FastifyBaseLogger,
  deliver: (body: T) => void,
): (body: T) => void {
  const subject = cluster.subject(name);
  cluster.nats.subscribe(subject, {
    callback: (err, msg) => {
      if (err) {
        log.error({ err, subject }, 'cluster subscription failed');
        return;
      }
      const parsed = parseBroadcast(msg.data, schema);
      // The body is not logged: it may name users and sessions.
      if (!parsed) {
        log.warn({ subject, bytes: msg.data.length }, 'dropped a malformed cluster message');
        return;
      }
      if (parsed.from === cluster.nodeId) return;
      try {
        deliver(parsed.body);
      } catch (err) {
        log.error({ err, subject }, 'a cluster message listener failed');
      }
    },
  });
  return (body) => {
    // The change behind the message is committed already, so a closed connection must not turn its
    // answer into an error: other processes then see a session's end within their cache TTL, and
    // a websocket push is lost (the history still shows the row).
    try {
      cluster.nats.publish(subject, encoder.encode(JSON.stringify({ from: cluster.nodeId, body })));
    } catch (err) {
      log.error({ err, subject }, 'could not publish a cluster message');
    }
  };
}
