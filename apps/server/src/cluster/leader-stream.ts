import type { FastifyBaseLogger } from 'fastify';
import { headers } from 'nats';
import type { Cluster } from './cluster.js';

const SENDER = 'Nexa-Sender';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface LeaderStream {
  /** Sends `text` to every other process; a closed connection is logged, never thrown. */
  publish(text: string): void;
  close(): void;
}

/**
 * One subject, `<namespace>.<name>`, on which the venues' owner tells every other process what
 * changed. NATS does not send a connection its own messages (`noEcho`, cluster.ts), and the sender's
 * node id rides in a header, so a process that gets one anyway skips it before decoding. Another process's
 * message goes through `decode`, which throws on anything malformed (whoever reaches NATS can
 * publish); such a message is logged without its body (it may name users) and dropped.
 */
export function openLeaderStream<T>(
  cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject' | 'batch'>,
  name: string,
  decode: (text: string) => T,
  deliver: (value: T) => void,
  log: FastifyBaseLogger,
): LeaderStream {
  const subject = cluster.subject(name);
  const sender = headers();
  sender.set(SENDER, cluster.nodeId);
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
  return {
    publish(text) {
      // What the message tells is committed already: losing it must not fail the work behind it.
      cluster.batch(
        () => cluster.nats.publish(subject, encoder.encode(text), { headers: sender }),
        (err) => log.error({ err, subject }, 'could not publish a cluster message'),
      );
    },
    close: () => subscription.unsubscribe(),
  };
}
