/**
 * Runs each user's push jobs one after the other, so a user's pushes keep the order of the events
 * even when building one awaits a read; a failing job is reported and does not stop the next.
 */
export class UserQueue {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly onError: (err: unknown) => void) {}

  run(userId: string, job: () => Promise<void>): void {
    const tail = (this.tails.get(userId) ?? Promise.resolve()).then(job).catch(this.onError);
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
  }
}
