import { z } from 'zod';
import { jsonBody, queryText } from './fields.js';
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
