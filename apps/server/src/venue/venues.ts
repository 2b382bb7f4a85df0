import { swapInstId } from '@exchange/contract';
import type { Database } from '../db/database.js';
import { IdRange } from '../db/id-range.js';
import { instId as instIdOf, snapshotCoins, type Coin } from '../shared/catalogue.js';
import { Venue } from './venue.js';

/** Trade ids are taken one block at a time from `trade_ids` (its INCREMENT, migration in venue/migrations.ts). */
export const TRADE_ID_BLOCK = 1_000_000;

/**
 * Every market's venue: each coin's spot market, and each tradable coin's perpetual contract
 * (BTC-USDT-SWAP), all drawing trade ids from one sequence.
 */
export class Venues {
  private readonly byInstId = new Map<string, Venue>();
  readonly tradeIds: IdRange;
  /** The most trade ids a command put off for want of them asked for: the next batch reserves that many. */
  private wanted = 0;

  constructor(
    db: Database,
    private readonly now: () => number,
  ) {
    this.tradeIds = new IdRange(db, 'trade_ids', TRADE_ID_BLOCK);
    for (const coin of snapshotCoins) {
      const id = instIdOf(coin.symbol);
      this.byInstId.set(id, new Venue(coin, id, this.tradeIds, now, 'spot'));
    }
    for (const coin of snapshotCoins) {
      if (!coin.is_tradable) continue;
      const id = swapInstId(coin.symbol);
      this.byInstId.set(id, new Venue(coin, id, this.tradeIds, now, 'swap'));
    }
  }

  get(instId: string): Venue | undefined {
    return this.byInstId.get(instId.toUpperCase());
  }

  all(): IterableIterator<Venue> {
    return this.byInstId.values();
  }

  spot(): Venue[] {
    return [...this.byInstId.values()].filter((v) => v.kind === 'spot');
  }

  swaps(): Venue[] {
    return [...this.byInstId.values()].filter((v) => v.kind === 'swap');
  }

  /** Perpetual and delivery contracts. */
  derivatives(): Venue[] {
    return [...this.byInstId.values()].filter((v) => v.kind !== 'spot');
  }

  /** Lists a delivery contract (the next quarter's, when one expires). */
  add(venue: Venue): void {
    this.byInstId.set(venue.instId, venue);
  }

  /** Lists a market an administrator listed (venue/market-listings.ts); the one already there is kept. */
  list(coin: Coin, instId: string, kind: 'spot' | 'swap'): Venue {
    const existing = this.get(instId);
    if (existing) return existing;
    const venue = new Venue(coin, instId.toUpperCase(), this.tradeIds, this.now, kind);
    this.add(venue);
    return venue;
  }

  /** The most trades one command can make on any venue. */
  largestCommand(): number {
    let most = 1;
    for (const v of this.byInstId.values()) most = Math.max(most, v.maxTradesPerCommand);
    return most;
  }

  /**
   * Before a batch: trade ids for twice the largest command, and for whatever a command put off in
   * the last batch asked for. However deep the books grow, the command then runs in this batch
   * instead of being put off for ever (a book deeper than one block of ids once stopped every order).
   */
  async reserveTradeIds(): Promise<void> {
    const wanted = this.wanted;
    await this.tradeIds.reserve(Math.max(2 * (this.largestCommand() + 1_000), wanted));
    if (this.wanted === wanted) this.wanted = 0;
  }

  /** Whether `n` trade ids are reserved; if not, the caller puts its command off and the next batch reserves them. */
  hasTradeIds(n: number): boolean {
    if (this.tradeIds.available >= n) return true;
    this.wanted = Math.max(this.wanted, n);
    return false;
  }
}
