import { z } from 'zod';

/**
 * One coin exactly as this server's GET /api/v1/coins sends it (spec 1 §3). Strict, unlike the
 * lenient `coinSchema` the web reads with: it documents the answer and catches a drifting server.
 */
export const coinListItemSchema = z.strictObject({
  id: z.number().int().positive(),
  coin_pair: z.number().int().positive(),
  coin_id: z.number().int().positive(),
  symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
  name: z.string().min(1),
  pair_name: z.literal('USDT'),
  price: z.number().positive(),
  /** Percent over the last 24 h, two decimals. */
  price_change_24h: z.number(),
  /** Quote (USDT) volume of the last 24 h. */
  volume_24h: z.number().nonnegative(),
  market_cap: z.number().nonnegative(),
  '24_high': z.number().positive(),
  '24_low': z.number().positive(),
  logo_path: z.string().regex(/^\/api\/v1\/coin-icons\/[a-z0-9]+\.svg$/),
  is_tradable: z.boolean(),
  last_updated: z.iso.datetime(),
  /** The price step: a limit price must be a multiple of it. */
  tick_size: z.string().regex(/^\d+(\.\d+)?$/),
  /** The amount step (lot size): an order's amount must be a multiple of it. */
  lot_size: z.string().regex(/^\d+(\.\d+)?$/),
});
export type CoinListItem = z.infer<typeof coinListItemSchema>;

export const coinListResponse = z.array(coinListItemSchema);
