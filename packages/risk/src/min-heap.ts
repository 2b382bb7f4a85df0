/**
 * A binary min-heap of (key, id, version) in three parallel arrays, so a 100,000-entry heap is three
 * arrays rather than 100,000 small objects for the collector to walk. Internal to the liquidation index.
 */
export class MinHeap {
  #keys: number[] = [];
  #ids: string[] = [];
  #versions: number[] = [];

  get length(): number {
    return this.#keys.length;
  }

  /** Key of the smallest entry; only meaningful while length > 0. */
  topKey(): number {
    return this.#keys[0] as number;
  }

  topId(): string {
    return this.#ids[0] as string;
  }

  topVersion(): number {
    return this.#versions[0] as number;
  }

  push(key: number, id: string, version: number): void {
    this.#keys.push(key);
    this.#ids.push(id);
    this.#versions.push(version);
    this.#up(this.#keys.length - 1);
  }

  pop(): void {
    const last = this.#keys.length - 1;
    if (last < 0) return;
    this.#move(last, 0);
    this.#keys.pop();
    this.#ids.pop();
    this.#versions.pop();
    if (last > 0) this.#down(0);
  }

  /** Replaces the contents and heapifies bottom-up, O(n). */
  rebuild(keys: number[], ids: string[], versions: number[]): void {
    this.#keys = keys;
    this.#ids = ids;
    this.#versions = versions;
    for (let i = (keys.length >> 1) - 1; i >= 0; i--) this.#down(i);
  }

  #move(from: number, to: number): void {
    this.#keys[to] = this.#keys[from] as number;
    this.#ids[to] = this.#ids[from] as string;
    this.#versions[to] = this.#versions[from] as number;
  }

  #up(i: number): void {
    const key = this.#keys[i] as number;
    const id = this.#ids[i] as string;
    const version = this.#versions[i] as number;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.#keys[parent] as number) <= key) break;
      this.#move(parent, i);
      i = parent;
    }
    this.#keys[i] = key;
    this.#ids[i] = id;
    this.#versions[i] = version;
  }

  #down(i: number): void {
    const n = this.#keys.length;
    const key = this.#keys[i] as number;
    const id = this.#ids[i] as string;
    const version = this.#versions[i] as number;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child =
        right < n && (this.#keys[right] as number) < (this.#keys[left] as number) ? right : left;
      if ((this.#keys[child] as number) >= key) break;
      this.#move(child, i);
      i = child;
    }
    this.#keys[i] = key;
    this.#ids[i] = id;
    this.#versions[i] = version;
  }
}
