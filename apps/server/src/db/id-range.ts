import type { Queryable } from './database.js';

/**
 * Ids handed out by a database sequence in blocks: the sequence's INCREMENT is the block size, and
 * one `nextval` gives this process the block starting there. Several processes on one database
 * never collide, and the hot path takes an id without a round trip. Ids of a block lost in a crash,
 * or left over when a bigger reservation takes a new block, are simply never used.
 */
export class IdRange {
  private next = 0;
  private end = 0;
  private refilling: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly sequence: string,
    private readonly blockSize: number,
  ) {}

  get available(): number {
    return this.end - this.next;
  }

  /** Makes sure at least `n` ids can be taken synchronously (n at most one block). */
  async reserve(n: number): Promise<void> {
    if (n > this.blockSize) throw new Error(`${this.sequence}: cannot reserve ${n} ids at once`);
    while (this.available < n) await this.refill();
  }

  /** The next id; `reserve` must have made room for it. */
  take(): number {
    if (this.next >= this.end) throw new Error(`${this.sequence}: no id reserved`);
    return this.next++;
  }

  private refill(): Promise<void> {
    this.refilling ??= (async () => {
      try {
        const res = await this.db.query<{ start: string }>(`SELECT nextval('${this.sequence}')::text AS start`, [], `nextval-${this.sequence}`);
        const start = Number(res.rows[0]?.start);
        // What was left of the old block is dropped: ids need to be unique, not dense.
        this.next = start;
        this.end = start + this.blockSize;
      } finally {
        this.refilling = null;
      }
    })();
    return this.refilling;
  }
}
