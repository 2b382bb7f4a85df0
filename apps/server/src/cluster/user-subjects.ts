import type { FastifyBaseLogger } from 'fastify';
import { HeldKeys } from '../shared/held-keys.js';
import type { Cluster } from './cluster.js';
import { leaderSender, listenToOthers } from './leader-stream.js';

type SubjectsCluster = Pick<Cluster, 'nats' | 'nodeId' | 'subject' | 'batch'>;

/** What a NATS subject token may hold; any other user id is sent hex-encoded. */
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * One subject per user, `<namespace>.<name>.<user id>`, for what the venues' owner tells about one
 * user (their futures positions; their orders and fills ride in the venue stream,
 * cluster/cluster-bus.ts). A process listens to a user's subject only while it watches that user (a
 * private socket of theirs is logged in here), so it decodes only rows it can deliver; NATS drops a
 * message nobody listens to. Watches are counted: a user with two sockets here is heard until both
 * have closed.
 */
export class UserSubjects<T> {
  private readonly watches = new HeldKeys();
  private readonly send: (subject: string, text: string) => void;

  constructor(
    private readonly cluster: SubjectsCluster,
    private readonly name: string,
    private readonly decode: (text: string) => T,
    private readonly deliver: (value: T) => void,
    private readonly log: FastifyBaseLogger,
  ) {
    this.send = leaderSender(cluster, log);
  }

  /** Sends `text` to the processes watching `userId`; a closed connection is logged, never thrown. */
  publish(userId: string, text: string): void {
    this.send(this.subjectOf(userId), text);
  }

  /** Hears the other processes' messages for `userId` until the returned function is called (again is harmless). */
  watch(userId: string): () => void {
    return this.watches.hold(userId, () => listenToOthers(this.cluster, this.subjectOf(userId), this.decode, this.deliver, this.log));
  }

  private subjectOf(userId: string): string {
    const token = SUBJECT_TOKEN.test(userId) ? userId : `x${Buffer.from(userId).toString('hex')}`;
    return this.cluster.subject(`${this.name}.${token}`);
  }
}
