import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';
import { candidateBySymbol, instId as instIdOf, listCoin, type Coin } from '../shared/catalogue.js';
import { PolledState } from '../shared/polled-state.js';
import { TickGrid } from '../shared/tick-grid.js';
import type { Venue } from './venue.js';
import type { Venues } from './venues.js';

/** A market an administrator listed (the console, issue 43), as the market_listings row keeps it. */
export interface MarketListing {
  instId: string;
  kind: 'spot' | 'swap';
  symbol: string;
  tickSize: string;
  lotSize: string;
  minSize: string;
  maxSize: string;
  maxLeverage: number | null;
  listedAt: Date;
  listedBy: string;
}

/** How stale a process's view of the listings may be when it hears of no change (another process's listing on a cluster). */
export const MARKET_LISTINGS_POLL_MS = 2_000;

/** Told once per process of each market listed while it runs (not of those read at start). */
export type ListingListener = (venue: Venue, listing: MarketListing) => Promise<void>;

interface ListingRow {
  inst_id: string;
  kind: 'spot' | 'swap';
  symbol: string;
  tick_size: string;
  lot_size: string;
  min_size: string;
  max_size: string;
  max_leverage: number | null;
  listed_at: Date | string;
  listed_by: string;
}

export const LISTING_COLUMNS =
  'inst_id, kind, symbol, tick_size::text AS tick_size, lot_size::text AS lot_size, min_size::text AS min_size, max_size::text AS max_size, max_leverage, listed_at, listed_by';

export function listingOf(r: ListingRow): MarketListing {
  return {
    instId: r.inst_id,
    kind: r.kind,
    symbol: r.symbol,
    tickSize: r.tick_size,
    lotSize: r.lot_size,
    minSize: r.min_size,
    maxSize: r.max_size,
    maxLeverage: r.max_leverage,
    listedAt: new Date(r.listed_at),
    listedBy: r.listed_by,
  };
}

/** The coin a listing trades: a spot pair's is the catalogue's candidate on the listing's grid; a perpetual's its spot pair's. */
function coinOf(l: MarketListing, venues: Pick<Venues, 'get'>): Coin | undefined {
  const base = l.kind === 'spot' ? candidateBySymbol(l.symbol) : venues.get(instIdOf(l.symbol))?.coin;
  if (!base) return undefined;
  const grid = new TickGrid(l.tickSize);
  // The catalogue's price is where the walk starts: on the listing's tick, one tick at least.
  const price = grid.format(Math.max(1, grid.ticksOf(base.price)));
  return { ...base, price, tick_size: l.tickSize, lot_size: l.lotSize, min_size: l.minSize, max_size: l.maxSize };
}

/**
 * The markets administrators listed, read from the database as the halts are (market-halts.ts):
 * at start, after a listing this process made, when another process says it listed one, and every
 * MARKET_LISTINGS_POLL_MS. Each new row lists its coin in the catalogue (a spot pair) and its venue;
 * the listeners (the venues' owner's market and futures) start trading it. Listings only grow: a
 * market is not delisted here.
 */
export class MarketListings extends PolledState {
  private readonly listed = new Map<string, MarketListing>();
  private readonly listeners: ListingListener[] = [];
  /** One read at a time, so a poll and a change do not list the same market twice. */
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly venues: Pick<Venues, 'list' | 'get'>,
    log?: FastifyBaseLogger,
  ) {
    super(MARKET_LISTINGS_POLL_MS, 'the market listings', log);
  }

  refresh(): Promise<void> {
    const next = this.reading.then(() => this.read());
    this.reading = next.catch(() => undefined);
    return next;
  }

  private async read(): Promise<void> {
    const res = await this.db.query<ListingRow>(`SELECT ${LISTING_COLUMNS} FROM market_listings ORDER BY listed_at, inst_id LIMIT 1000`, [], 'market_listings_all');
    for (const row of res.rows) {
      if (this.listed.has(row.inst_id)) continue;
      const listing = listingOf(row);
      const coin = coinOf(listing, this.venues);
      if (!coin) {
        this.log?.warn({ instId: listing.instId }, 'a listed market names a coin this release does not know');
        continue;
      }
      if (listing.kind === 'spot') listCoin(coin);
      const venue = this.venues.list(coin, listing.instId, listing.kind);
      this.listed.set(listing.instId, listing);
      for (const listener of this.listeners) {
        // The market is listed and takes orders whatever a listener says; its quotes may wait for the next start.
        await listener(venue, listing).catch((err: unknown) => this.log?.error({ err, instId: listing.instId }, 'could not start quoting a listed market'));
      }
    }
  }

  onListed(listener: ListingListener): void {
    this.listeners.push(listener);
  }

  get(instId: string): MarketListing | undefined {
    return this.listed.get(instId.toUpperCase());
  }

  all(): MarketListing[] {
    return [...this.listed.values()];
  }
}
