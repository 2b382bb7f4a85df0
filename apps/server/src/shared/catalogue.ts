import { z } from 'zod';
import { coinSnapshot, listingCandidates } from './coin-snapshot.js';
import { Dec, isOnStep } from './decimal.js';

const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a plain decimal string')
  .refine((v) => new Dec(v).gt(0), 'must be above 0');

export const coinSchema = z
  .object({
    pair_id: z.number().int().positive(),
    symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
    name: z.string().min(1),
    price: positiveDecimal,
    circulating_supply: positiveDecimal,
    tick_size: positiveDecimal,
    lot_size: positiveDecimal,
    annual_volatility: z.number().min(0.1).max(2),
    quote_volume_24h: positiveDecimal,
    is_tradable: z.boolean(),
    /** An order's least and most size in coins, set when an administrator lists the market (issue 43); none for the snapshot's. */
    min_size: positiveDecimal.optional(),
    max_size: positiveDecimal.optional(),
  })
  .refine((c) => isOnStep(c.price, c.tick_size), { message: 'price must be on the tick', path: ['price'] });

export const catalogueSchema = z
  .object({
    snapshot_date: z.iso.date(),
    quote: z.literal('USDT'),
    coins: z.array(coinSchema).min(1),
  })
  .superRefine((cat, ctx) => {
    const ids = new Set(cat.coins.map((c) => c.pair_id));
    const symbols = new Set(cat.coins.map((c) => c.symbol));
    if (ids.size !== cat.coins.length) ctx.addIssue({ code: 'custom', message: 'pair ids must be unique' });
    if (symbols.size !== cat.coins.length) ctx.addIssue({ code: 'custom', message: 'symbols must be unique' });
    if (cat.coins.find((c) => c.pair_id === 1)?.symbol !== 'BTC') {
      ctx.addIssue({ code: 'custom', message: 'pair id 1 must be BTC' });
    }
  });

export type Coin = z.infer<typeof coinSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Parsed once at load: a bad edit of the snapshot fails the server start, not a later request. */
export const catalogue: Catalogue = catalogueSchema.parse(coinSnapshot);

/** The coins listed at every start, BTC first, then by ascending pair id: each has a spot pair and a perpetual. */
export const snapshotCoins: readonly Coin[] = [...catalogue.coins].sort((a, b) => a.pair_id - b.pair_id);

const listed: Coin[] = [...snapshotCoins];

/**
 * Every listed coin, BTC first, then by ascending pair id (the spec's sort order): the snapshot's,
 * then those an administrator listed (`listCoin`). Readers iterate it each time, so a coin listed
 * while the process runs is in the next coin list. It is the process's: one process runs one exchange.
 */
export const coins: readonly Coin[] = listed;

/** The catalogue's coins that are not listed at start; an administrator lists them from the console. */
export const candidateCoins: readonly Coin[] = z.array(coinSchema).parse(listingCandidates);

export const QUOTE_ASSET = catalogue.quote;
export const SNAPSHOT_DATE = catalogue.snapshot_date;

const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
const byPairId = new Map(coins.map((c) => [c.pair_id, c]));

/**
 * Lists a coin while the process runs (venue/market-listings.ts): the coin list, the order checks
 * and the symbol and pair id lookups know it from now on. Listing it again changes nothing.
 */
export function listCoin(coin: Coin): void {
  if (bySymbol.has(coin.symbol)) return;
  const parsed = coinSchema.parse(coin);
  listed.push(parsed);
  listed.sort((a, b) => a.pair_id - b.pair_id);
  bySymbol.set(parsed.symbol, parsed);
  byPairId.set(parsed.pair_id, parsed);
}

/** A catalogue coin not listed at start, by symbol. */
export function candidateBySymbol(symbol: string): Coin | undefined {
  return candidateCoins.find((c) => c.symbol === symbol.toUpperCase());
}

export function coinBySymbol(symbol: string): Coin | undefined {
  return bySymbol.get(symbol.toUpperCase());
}

export function coinByPairId(pairId: number): Coin | undefined {
  return byPairId.get(pairId);
}

/** OKX-style instrument id used by the public order-book feeds: BTC → "BTC-USDT". */
export function instId(symbol: string): string {
  return `${symbol.toUpperCase()}-${QUOTE_ASSET}`;
}

/** Inverse of instId; undefined when the id is not one of our pairs. */
export function coinByInstId(id: string): Coin | undefined {
  const [base, quote, ...rest] = id.toUpperCase().split('-');
  if (!base || quote !== QUOTE_ASSET || rest.length > 0) return undefined;
  return coinBySymbol(base);
}

/** market_cap = price × circulating supply, in USDT, 2 decimals. */
export function marketCap(coin: Coin, price: string): string {
  return new Dec(price).mul(coin.circulating_supply).toFixed(2);
}

/** The annualised volatility expressed per day (365-day year: crypto trades every day). */
export function dailyVolatility(coin: Coin): number {
  return coin.annual_volatility / Math.sqrt(365);
}
