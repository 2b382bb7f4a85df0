import { z } from 'zod';
import { coinSnapshot } from './coin-snapshot.js';
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

/** Every coin, BTC first, then by ascending pair id (the spec's sort order). */
export const coins: readonly Coin[] = [...catalogue.coins].sort((a, b) => a.pair_id - b.pair_id);

export const QUOTE_ASSET = catalogue.quote;
export const SNAPSHOT_DATE = catalogue.snapshot_date;

const bySymbol = new Map(coins.map((c) => [c.symbol, c]));
const byPairId = new Map(coins.map((c) => [c.pair_id, c]));

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
