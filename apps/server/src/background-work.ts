import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request starts but does not wait for, such as a mail sent after the answer. A failure is
 * logged, never thrown at a client; shutdown (and a test) waits for what is still running with idle().
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** The work starts on a later turn of the event loop, after whatever the current turn writes. */
  run(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /**
   * Starts `work` once the answer has gone out, so neither its duration nor its outcome can show
   * in the answer. A client that hangs up early still gets the work done.
   */
  afterAnswer(reply: FastifyReply, what: string, work: () => Promise<void>): void {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      this.run(what, work);
    };
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
  }
}
