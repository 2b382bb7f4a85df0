import { z } from 'zod';
import { jsonBody, queryText, text } from './fields.js';
import { reasonField } from './operators.js';

/**
 * The console's markets (issue 43, "Markets and fees"): every spot pair and contract with its
 * trading state, and an administrator's halt and resume. A halted market refuses new orders on the
 * web, the OKX v5 API (51022) and its websocket; cancels still work. docs/operators.md.
 */

export const MARKETS_MAX = 500;
export const MARKET_KINDS = ['spot', 'swap', 'expiry'] as const;

export const operatorMarketMessages = {
  unknownMarket: 'No market has this id',
  alreadyHalted: 'This market is halted already',
  notHalted: 'This market is not halted',
} as const;

export const adminMarketRow = z.object({
  inst_id: z.string(),
  kind: z.enum(MARKET_KINDS),
  symbol: z.string(),
  halted: z.boolean(),
  halted_at: z.string().nullable(),
  halted_by: z.string().nullable(),
  halt_reason: z.string().nullable(),
});
export type AdminMarketRow = z.infer<typeof adminMarketRow>;
export const adminMarketsResponse = z.object({ items: z.array(adminMarketRow).max(MARKETS_MAX) });
export type AdminMarketsResponse = z.infer<typeof adminMarketsResponse>;

export const adminMarketParams = z.object({
  instId: queryText('The market id', { trim: true })
    .refine((v) => /^[A-Za-z0-9-]{3,40}$/.test(v), operatorMarketMessages.unknownMarket)
    .transform((v) => v.toUpperCase()),
});

/** A halt or a resume says why; the reason is kept in the audit log (and, for a halt, shown to operators). */
export const adminMarketActionRequest = jsonBody({ reason: reasonField });
export type AdminMarketActionRequest = z.infer<typeof adminMarketActionRequest>;
export const adminMarketActionResponse = z.object({ success: z.literal(true), message: z.string(), market: adminMarketRow });
export type AdminMarketActionResponse = z.infer<typeof adminMarketActionResponse>;

/**
 * Listing a market without a restart (issue 43): a spot pair of a coin of the catalogue that is not
 * listed yet, or the perpetual of a coin whose spot pair is listed, with its tick, lot, minimum and
 * maximum order size. A perpetual's highest leverage is the contract catalogue's default.
 */
export const LISTING_KINDS = ['spot', 'swap'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const marketListingMessages = {
  unknownCoin: 'This coin is not in the coin catalogue',
  alreadyListed: 'This market is listed already',
  spotFirst: 'List the coin’s spot pair before its perpetual',
  perpetualGrid: 'A perpetual trades on its coin’s tick and lot size: use those of its spot pair',
  tickSize: 'The tick size must be a number above 0',
  tickAbovePrice: 'The tick size must be below the coin’s price',
  lotSize: 'The lot size must be a number above 0',
  minSize: 'The minimum size must be a number above 0',
  maxSize: 'The maximum size must be a number above 0',
  offLot: 'The minimum and maximum sizes must be multiples of the lot size',
  minAboveMax: 'The minimum size must not be above the maximum size',
  kind: 'The market type must be spot or swap',
} as const;

const sizeField = (label: string, message: string) =>
  text(label, { required: message, trim: true }).refine((v) => /^\d{1,12}(\.\d{1,12})?$/.test(v) && Number(v) > 0, message);

export const adminListingRequest = jsonBody({
  kind: z.enum(LISTING_KINDS, { error: marketListingMessages.kind }),
  symbol: text('The coin', { required: marketListingMessages.unknownCoin, trim: true })
    .refine((v) => /^[A-Za-z0-9]{2,10}$/.test(v), marketListingMessages.unknownCoin)
    .transform((v) => v.toUpperCase()),
  tick_size: sizeField('The tick size', marketListingMessages.tickSize),
  lot_size: sizeField('The lot size', marketListingMessages.lotSize),
  min_size: sizeField('The minimum size', marketListingMessages.minSize),
  max_size: sizeField('The maximum size', marketListingMessages.maxSize),
  reason: reasonField,
});
export type AdminListingRequest = z.infer<typeof adminListingRequest>;

/** A market as listed by an administrator (the market_listings row). */
export const adminListingRow = z.object({
  inst_id: z.string(),
  kind: z.enum(LISTING_KINDS),
  symbol: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  min_size: z.string(),
  max_size: z.string(),
  /** A perpetual's highest leverage (the contract catalogue's default); null for a spot pair. */
  max_leverage: z.number().int().nullable(),
  listed_at: z.string(),
  listed_by: z.string(),
});
export type AdminListingRow = z.infer<typeof adminListingRow>;
export const adminListingResponse = z.object({ success: z.literal(true), message: z.string(), listing: adminListingRow });
export type AdminListingResponse = z.infer<typeof adminListingResponse>;

/** What may be listed now: its kind, and the catalogue's defaults the form starts from. */
export const adminListableRow = z.object({
  inst_id: z.string(),
  kind: z.enum(LISTING_KINDS),
  symbol: z.string(),
  name: z.string(),
  price: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  max_leverage: z.number().int().nullable(),
});
export type AdminListableRow = z.infer<typeof adminListableRow>;
export const adminListingsResponse = z.object({
  listable: z.array(adminListableRow).max(MARKETS_MAX),
  listed: z.array(adminListingRow).max(MARKETS_MAX),
});
export type AdminListingsResponse = z.infer<typeof adminListingsResponse>;
