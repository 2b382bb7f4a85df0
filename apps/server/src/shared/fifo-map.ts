/**
 * A map of at most `max` entries where the oldest inserted goes first, with a Map's order: setting
 * a key it holds keeps its place, deleting and setting it again puts it last.
 *
 * Evicting with `map.delete(map.keys().next().value)` looks cheap but is not: V8 leaves a deleted
 * entry in the table until it rehashes, and an iterator from the start walks past every one, so at
 * 50,000 entries each eviction cost about 80 µs (more than the rest of an OKX order; issue 42). The
 * order of insertion is kept here in a queue of its own, each key with the number of its insertion;
 * an entry of the queue whose key was deleted or inserted again since is skipped once, when it is
 * reached, and the queue is compacted when it holds more than twice `max`, so each step is O(1)
 * amortized and the queue stays bounded.
 */
export class FifoMap<K, V> {
  private readonly entries = new Map<K, { value: V; seq: number }>();
  private keys: K[] = [];
  private seqs: number[] = [];
  private head = 0;
  private next = 0;

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`a FifoMap's max must be a positive integer, not ${max}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry) {
      entry.value = value;
      return;
    }
    if (this.entries.size >= this.max) this.evictOldest();
    const seq = this.next++;
    this.entries.set(key, { value, seq });
    this.keys.push(key);
    this.seqs.push(seq);
    if (this.keys.length > 2 * this.max) this.compact();
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.keys = [];
    this.seqs = [];
    this.head = 0;
  }

  private evictOldest(): void {
    while (this.head < this.keys.length) {
      const key = this.keys[this.head] as K;
      const seq = this.seqs[this.head] as number;
      this.head += 1;
      if (this.entries.get(key)?.seq === seq) {
        this.entries.delete(key);
        return;
      }
    }
  }

  /** Keeps the queue's entries still current, in their order: at most `max`. */
  private compact(): void {
    const keys: K[] = [];
    const seqs: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      const key = this.keys[i] as K;
      const seq = this.seqs[i] as number;
      if (this.entries.get(key)?.seq === seq) {
        keys.push(key);
        seqs.push(seq);
      }
    }
    this.keys = keys;
    this.seqs = seqs;
    this.head = 0;
  }
}
