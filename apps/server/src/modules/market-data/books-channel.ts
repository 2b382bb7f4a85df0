import { crc32 } from 'node:zlib';
import type { Venue } from '../../venue/venue.js';
import { okxBook, type OkxLevel } from './okx-format.js';

/** Levels a side of the `books` channel carries, as OKX's. */
export const BOOKS_DEPTH = 400;
/** Levels a side the checksum covers. */
const CHECKSUM_DEPTH = 25;

/**
 * OKX's book checksum: the best 25 bids and asks interleaved as `bidPx:bidSz:askPx:askSz:...`
 * (a side that runs out is skipped), CRC32 of that text as a signed 32-bit integer.
 */
export function bookChecksum(bids: readonly OkxLevel[], asks: readonly OkxLevel[]): number {
  const parts: string[] = [];
  for (let i = 0; i < CHECKSUM_DEPTH; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(`${bid[0]}:${bid[1]}`);
    if (ask) parts.push(`${ask[0]}:${ask[1]}`);
  }
  return crc32(parts.join(':')) | 0;
}

/** The levels of a side that differ from `before` (new or changed), and those gone, at size "0". */
function delta(before: ReadonlyMap<string, OkxLevel>, after: readonly OkxLevel[]): OkxLevel[] {
  const out: OkxLevel[] = [];
  const seen = new Set<string>();
  for (const level of after) {
    seen.add(level[0]);
    const old = before.get(level[0]);
    if (!old || old[1] !== level[1] || old[3] !== level[3]) out.push(level);
  }
  for (const price of before.keys()) if (!seen.has(price)) out.push([price, '0', '0', '0']);
  return out;
}

/** `action` comes last, so every feed message still opens with its arg and data (cluster/feed-link.ts checks that). */
const SNAPSHOT_TAIL = '"action":"snapshot"}';

export function isBooksSnapshot(message: string): boolean {
  return message.endsWith(SNAPSHOT_TAIL);
}

const byPrice = (levels: readonly OkxLevel[]) => new Map(levels.map((l) => [l[0], l]));
const ascending = (a: OkxLevel, b: OkxLevel) => Number(a[0]) - Number(b[0]);

/**
 * One market's `books` channel: the 400 levels a side its subscribers hold, and its sequence. A
 * new subscriber gets them as a snapshot (prevSeqId -1) at the current seqId, so the next update,
 * built once for everybody, applies to its book as to everyone else's.
 */
export class BooksChannel {
  private asks: OkxLevel[];
  private bids: OkxLevel[];
  private seqId: number;
  private ts: number;

  constructor(
    private readonly market: Venue,
    private readonly argJson: string,
    ts: number,
    firstSeqId = 1,
  ) {
    const book = okxBook(market, BOOKS_DEPTH, ts);
    this.asks = book.asks;
    this.bids = book.bids;
    this.seqId = firstSeqId;
    this.ts = ts;
  }

  /** The held book as OKX's snapshot message. */
  snapshot(): string {
    const data = { asks: this.asks, bids: this.bids, ts: String(this.ts), checksum: bookChecksum(this.bids, this.asks), prevSeqId: -1, seqId: this.seqId };
    return `{"arg":${this.argJson},"data":[${JSON.stringify(data)}],${SNAPSHOT_TAIL}`;
  }

  /** The change since the last message as OKX's update message; undefined when the 400 levels did not change. */
  update(ts: number): string | undefined {
    const book = okxBook(this.market, BOOKS_DEPTH, ts);
    const asks = delta(byPrice(this.asks), book.asks).sort(ascending);
    const bids = delta(byPrice(this.bids), book.bids).sort((a, b) => ascending(b, a));
    if (asks.length === 0 && bids.length === 0) return undefined;
    const prevSeqId = this.seqId;
    this.seqId += 1;
    this.asks = book.asks;
    this.bids = book.bids;
    this.ts = ts;
    const data = { asks, bids, ts: String(ts), checksum: bookChecksum(book.bids, book.asks), prevSeqId, seqId: this.seqId };
    return `{"arg":${this.argJson},"data":[${JSON.stringify(data)}],"action":"update"}`;
  }
}
