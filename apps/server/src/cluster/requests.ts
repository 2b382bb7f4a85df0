import { createInbox, type Msg, type NatsConnection, type Subscription } from 'nats';

interface Waiting {
  subject: string;
  resolve: (msg: Msg) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** What NATS answers at once when nobody listens on the subject: the call went nowhere. */
export class NoResponders extends Error {
  readonly code = '503';
  constructor(subject: string) {
    super(`no process answers on ${subject}`);
  }
}

/** This process is not connected to NATS: the call was not sent, so nothing of it can happen. */
export class NotConnected extends Error {
  readonly code = 'NOT_CONNECTED';
  constructor(subject: string) {
    super(`not connected to NATS: nothing sent on ${subject}`);
  }
}

/** NATS dropped while the call waited: it may have reached the other process, or not. */
export class ConnectionLost extends Error {
  readonly code = 'CONNECTION_LOST';
  constructor(subject: string) {
    super(`the NATS connection dropped while a call on ${subject} waited for its answer`);
  }
}

export class RequestTimeout extends Error {
  readonly code = 'TIMEOUT';
  constructor(subject: string, ms: number) {
    super(`no answer on ${subject} within ${ms} ms`);
  }
}

/**
 * Request-reply on one inbox subscription, with a timer per call. nats.js' own `request()` builds
 * an error object, stack trace included, to settle every call that succeeded (its "cancelled"
 * rejection of a promise already resolved): a twentieth of a follower's time when it forwards every
 * order (docs/benchmarks.md, "Cluster"). Errors here are made only for calls that fail.
 */
export class Requests {
  private readonly prefix = `${createInbox()}.`;
  private readonly waiting = new Map<string, Waiting>();
  private readonly sub: Subscription;
  private seq = 0;

  constructor(private readonly nats: NatsConnection) {
    this.sub = nats.subscribe(`${this.prefix}*`, { callback: (_err, msg) => this.settle(msg) });
  }

  /** Publishes `data` on `subject` and resolves with the first answer; throws what nats.js' publish throws (a closed connection). */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Msg> {
    const token = (this.seq++).toString(36);
    const reply = this.prefix + token;
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new RequestTimeout(subject, timeoutMs));
      }, timeoutMs);
      this.waiting.set(token, { subject, resolve, reject, timer });
      try {
        this.nats.publish(subject, data, { reply });
      } catch (err) {
        clearTimeout(timer);
        this.waiting.delete(token);
        throw err;
      }
    });
  }

  close(): void {
    this.sub.unsubscribe();
    this.failAll(() => new Error('the cluster connection closed before the answer came'));
  }

  /** Every call still waiting fails now, with `error(subject)`. */
  failAll(error: (subject: string) => Error): void {
    for (const [token, call] of this.waiting) {
      clearTimeout(call.timer);
      call.reject(error(call.subject));
      this.waiting.delete(token);
    }
  }

  private settle(msg: Msg): void {
    const token = msg.subject.slice(this.prefix.length);
    const call = this.waiting.get(token);
    if (!call) return;
    this.waiting.delete(token);
    clearTimeout(call.timer);
    if (msg.headers?.hasError && msg.headers.code === 503) call.reject(new NoResponders(call.subject));
    else call.resolve(msg);
  }
}
