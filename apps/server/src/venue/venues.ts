import { swapInstId } from '@exchange/contract';
import type { Database } from '../db/database.js';
import { IdRange } from '../db/id-range.js';
import { coins, instId as instIdOf } from '../shared/catalogue.js';
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

  constructor(db: Database, now: () => number) {
    this.tradeIds = new IdRange(db, 'trade_ids', TRADE_ID_BLOCK);
    for (const coin of coins) {
      const id = instIdOf(coin.symbol);
      this.byInstId.set(id, new Venue(coin, id, this.tradeIds, now, 'spot'));
    }
    for (const coin of coins) {
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

  /** The most trades one command can make on any venue. */
  largestCommand(): number {
    let most = 1;
    for (const v of this.byInstId.values()) most = Math.max(most, v.maxTradesPerCommand);
    return most;
  }
}
