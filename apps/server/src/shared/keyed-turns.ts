/**
 * One task at a time per key, in arrival order, and at most `maxWaiting` more waiting behind it:
 * past that `run` refuses at once with `refusal()`, so one client cannot queue work without end
 * (each waiting task holds its request open). A key leaves the map when its last task ends.
 */
export class KeyedTurns {
  private readonly turns = new Map<string, { tail: Promise<unknown>; tasks: number }>();

  constructor(
    private readonly maxWaiting: number,
    private readonly refusal: () => Error,
  ) {}

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let turn = this.turns.get(key);
    if (turn && turn.tasks > this.maxWaiting) return Promise.reject(this.refusal());
    if (!turn) {
      turn = { tail: Promise.resolve(), tasks: 0 };
      this.turns.set(key, turn);
    }
    const mine = turn.tail.then(work, work);
    const own = turn;
    own.tail = mine.catch(() => undefined);
    own.tasks += 1;
    const end = () => {
      own.tasks -= 1;
      if (own.tasks === 0 && this.turns.get(key) === own) this.turns.delete(key);
    };
    mine.then(end, end);
    return mine;
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.turns.size;
  }
}
