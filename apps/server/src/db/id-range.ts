import type { Queryable } from './database.js';

interface Block {
  next: number;
  end: number;
}

/**
 * Ids handed out by a database sequence in blocks: the sequence's INCREMENT is the block size, and
 * one `nextval` gives this process the block starting there. Several processes on one database
 * never collide, and the hot path takes an id without a round trip. A reservation larger than a
 * block takes as many blocks as it needs, in one round trip. Ids of a block lost in a crash are
 * simply never used.
 */
export class IdRange {
  /** The blocks held, taken from in order; the first may be partly used. */
  private blocks: Block[] = [];
  private held = 0;
  private refilling: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly sequence: string,
    private readonly blockSize: number,
  ) {}

  get available(): number {
    return this.held;
  }

  /** Makes sure at least `n` ids can be taken synchronously. */
  async reserve(n: number): Promise<void> {
    while (this.available < n) await this.refill(Math.ceil((n - this.available) / this.blockSize));
  }

  /** The next id; `reserve` must have made room for it. */
  take(): number {
    const block = this.blocks[0];
    if (!block) throw new Error(`${this.sequence}: no id reserved`);
    const id = block.next++;
    this.held -= 1;
    if (block.next >= block.end) this.blocks.shift();
    return id;
  }

  private refill(count: number): Promise<void> {
    this.refilling ??= (async () => {
      try {
        const res = await this.db.query<{ start: string }>(
          `SELECT nextval('${this.sequence}')::text AS start FROM generate_series(1, $1::int)`,
          [count],
          `nextval-${this.sequence}`,
        );
        for (const row of res.rows) {
          const start = Number(row.start);
          this.blocks.push({ next: start, end: start + this.blockSize });
          this.held += this.blockSize;
        }
      } finally {
        this.refilling = null;
      }
    })();
    return this.refilling;
  }
}
