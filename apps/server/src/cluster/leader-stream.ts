import type { FastifyBaseLogger } from 'fastify';
import { headers } from 'nats';
import type { Cluster } from './cluster.js';

const SENDER = 'Nexa-Sender';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

type StreamCluster = Pick<Cluster, 'nats' | 'nodeId' | 'subject' | 'batch'>;

export interface LeaderStream {
  /** Sends `text` to every other process; a closed connection is logged, never thrown. */
  publish(text: string): void;
  close(): void;
}

/**
 * Sends a text on a subject to the other processes, with this turn's other writes. What it tells is
 * committed already: losing it must not fail the work behind it, so a closed connection is logged.
 */
export function leaderSender(cluster: StreamCluster, log: FastifyBaseLogger): (subject: string, text: string) => void {
  const sender = headers();
  sender.set(SENDER, cluster.nodeId);
  return (subject, text) =>
    cluster.batch(
      () => cluster.nats.publish(subject, encoder.encode(text), { headers: sender }),
      (err) => log.error({ err, subject }, 'could not publish a cluster message'),
    );
}

/**
 * Hears what the other processes send on `subject` (the full subject, `cluster.subject(...)`). NATS
 * does not send a connection its own messages (`noEcho`, cluster.ts), and the sender's node id rides
 * in a header, so a process that gets one anyway skips it before decoding. Another process's message
 * goes through `decode`, which throws on anything malformed (whoever reaches NATS can publish); such
 * a message is logged without its body (it may name users) and dropped. Returns the unsubscribe.
 */
export function listenToOthers<T>(
  cluster: StreamCluster,
  subject: string,
  decode: (text: string) => T,
  deliver: (value: T) => void,
  log: FastifyBaseLogger,
): () => void {
  const subscription = cluster.nats.subscribe(subject, {
    callback: (err, msg) => {
      if (err) {
        log.error({ err, subject }, 'cluster subscription failed');
        return;
      }
      if (msg.headers?.get(SENDER) === cluster.nodeId) return;
      let value: T;
      try {
        value = decode(decoder.decode(msg.data));
      } catch {
        log.warn({ subject, bytes: msg.data.length }, 'dropped a malformed cluster message');
        return;
      }
      try {
        deliver(value);
      } catch (err) {
        log.error({ err, subject }, 'a cluster message listener failed');
      }
    },
  });
  return () => subscription.unsubscribe();
}

/** One subject, `<namespace>.<name>`, on which the venues' owner tells every other process what changed. */
export function openLeaderStream<T>(
  cluster: StreamCluster,
  name: string,
  decode: (text: string) => T,
  deliver: (value: T) => void,
  log: FastifyBaseLogger,
): LeaderStream {
  const subject = cluster.subject(name);
  const send = leaderSender(cluster, log);
  return {
    publish: (text) => send(subject, text),
    close: listenToOthers(cluster, subject, decode, deliver, log),
  };
}
