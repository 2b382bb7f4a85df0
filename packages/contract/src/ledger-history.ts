import { z } from 'zod';
import { queryText, wholeNumber } from './fields.js';

/**
 * GET /api/v1/ledger-history/{uid}: the user's own balance changes, newest first. One row per
 * journal transaction and account it touched: the demo grant, transfers, trades and their fees.
 */
export const ledgerHistoryRow = z.object({
  id: z.string(),
  kind: z.string(),
  asset: z.string(),
  wallet: z.enum(['spot', 'futures', 'funding']),
  /** Signed: positive credits, negative debits. */
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  created_at: z.string(),
  /** An operator's adjustment (kind `adjustment`): the reason the operators gave. */
  note: z.string().optional(),
});
export type LedgerHistoryRow = z.infer<typeof ledgerHistoryRow>;
export const ledgerHistoryResponse = z.array(ledgerHistoryRow);
/** `limit` and `offset` count journal transactions, so a transaction's legs never split across pages. */
export const ledgerHistoryQuery = z.object({
  apikey: queryText('apikey').optional(),
  limit: wholeNumber('limit', { min: 1, max: 200 }, { invalid: 'limit must be a whole number from 1 to 200' }).default(50),
  offset: wholeNumber('offset', { min: 0, max: 1_000_000_000 }, { invalid: 'offset must be a whole number of 0 or more' }).default(0),
});
