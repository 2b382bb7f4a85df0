import { z } from 'zod';
import { jsonBody, oneOf, queryText, text } from './fields.js';
import { positiveAmountField, uidField } from './wallet.js';
import { fillMessage } from './message-codes.js';

/** Earn texts: spec 3 §8 word for word, and the server's answers. */
export const earnMessages = {
  noProducts: 'No products found.',
  loadingProducts: 'Loading products...',
  productsFailed: 'Failed to load products. Please try again later.',
  positionsFailed: 'Failed to load your earnings. Please try again later.',
  invalidAmount: 'Please enter a valid amount',
  insufficientBalance: 'Insufficient balance',
  productNotFound: 'This Earn product does not exist',
  positionNotFound: 'Earn position not found',
  alreadyRedeemed: 'This position has already been redeemed',
  redeemOverPrincipal: 'The amount to redeem is more than the position holds',
  subscribed: 'Subscription successful',
  redeemed: 'Redemption successful',
  subscribeFailed: 'Subscription failed. Please try again.',
  redeemFailed: 'Redemption failed. Please try again.',
  autoEarnFailed: 'Failed to change Auto-earn. Please try again.',
  // Server answers built with values: the web words the ones it checks itself in the same English.
  belowMinimum: (min: string, symbol: string) => fillMessage('earn.belowMinimum', { min, symbol }),
  notMatured: (date: string) => fillMessage('earn.notMatured', { date }),
  noAutoEarn: (symbol: string) => fillMessage('earn.noAutoEarn', { symbol }),
} as const;

/** Spec 3 §9: the product filter of the Earn overview. */
export const EARN_FILTERS = ['all', 'USDT', 'BTC', 'ETH'] as const;
export type EarnFilter = (typeof EARN_FILTERS)[number];
/** Fixed terms of spec 3 §3 (3, 7 and 30 days); a flexible product has none. */
export const EARN_FIXED_TERMS = [3, 7, 30] as const;
/** Days in the year of the interest rule: a day pays principal × APR / 365. */
export const EARN_DAYS_PER_YEAR = 365;
/** Decimals of a day's interest (rounded down): what every wallet shows. */
export const EARN_INTEREST_DECIMALS = 8;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
const symbolPattern = /^[A-Za-z0-9]{2,10}$/;

/** GET /api/v1/earn/products: a case-insensitive search on symbol or name, and the spec's filter. */
export const earnProductsQuery = z.object({
  apikey: queryText('apikey').optional(),
  search: queryText('search', { trim: true }).max(50, 'search must be at most 50 characters').optional(),
  filter: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim().toLowerCase() === 'all' ? 'all' : v.trim().toUpperCase()) : v),
    oneOf('filter', EARN_FILTERS),
  ).optional(),
});
export type EarnProductsQuery = z.infer<typeof earnProductsQuery>;

/** One product: spec 3 §3's symbol, name and logo_path, with its real APR, term and minimum. */
export const earnProduct = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  logo_path: z.string(),
  /** Annual rate as a fraction: "0.045" is 4.5 %. */
  apr: decimalOut,
  term: z.enum(['flexible', 'fixed']),
  /** Days of a fixed term (3, 7 or 30); null for flexible. */
  term_days: z.number().int().nullable(),
  min_amount: decimalOut,
});
export type EarnProduct = z.infer<typeof earnProduct>;
export const earnProductsResponse = z.array(earnProduct);

/** Where a subscription's principal comes from. */
export const earnSource = z.enum(['funding', 'spot']);
export type EarnSource = z.infer<typeof earnSource>;

/** POST /api/v1/earn/subscriptions. */
export const earnSubscribeRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  product_id: text('product_id', { required: earnMessages.productNotFound, trim: true }).max(40, earnMessages.productNotFound),
  amount: positiveAmountField(earnMessages.invalidAmount),
  source: oneOf('source', ['funding', 'spot']).default('funding'),
});
export type EarnSubscribeRequest = z.infer<typeof earnSubscribeRequest>;

/** One subscription (a position): its principal stays in custody until it is redeemed. */
export const earnPosition = z.object({
  id: z.string(),
  product_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  logo_path: z.string(),
  term: z.enum(['flexible', 'fixed']),
  term_days: z.number().int().nullable(),
  /** The product's APR now, as a fraction. */
  apr: decimalOut,
  principal: decimalOut,
  /** Interest paid on it so far (to the funding wallet). */
  interest: decimalOut,
  source: earnSource,
  /** Subscribed by Auto-earn rather than by the user. */
  auto: z.boolean(),
  status: z.enum(['active', 'redeeming', 'redeemed']),
  subscribed_at: z.string(),
  /** Start of the first whole UTC day it earns. */
  accrues_from: z.string(),
  /** A fixed position's maturity (it may be redeemed from then); null for flexible. */
  matures_at: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  /** Whether a redemption would be accepted now. */
  redeemable: z.boolean(),
});
export type EarnPosition = z.infer<typeof earnPosition>;

export const earnSubscribeResponse = z.object({ message: z.string(), position: earnPosition });
export type EarnSubscribeResponse = z.infer<typeof earnSubscribeResponse>;

export const earnPositionParams = z.object({ id: text('id', { trim: true }).max(64, 'id is too long') });

/**
 * POST /api/v1/earn/positions/{id}/redeem: `amount` of the position (all of it when absent) back to
 * the wallet it came from; the rest keeps earning.
 */
export const earnRedeemRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  amount: positiveAmountField(earnMessages.invalidAmount).optional(),
});
export type EarnRedeemRequest = z.infer<typeof earnRedeemRequest>;
export const earnRedeemResponse = z.object({ message: z.string(), position: earnPosition });
export type EarnRedeemResponse = z.infer<typeof earnRedeemResponse>;

export const earnUidQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
});

/** GET /api/v1/earn/balance: what the user may subscribe of one asset, per wallet (available, not held). */
export const earnBalanceQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  symbol: queryText('symbol', { required: 'symbol is required', trim: true }).refine((v) => symbolPattern.test(v), 'symbol must be a coin symbol such as USDT'),
});
export const earnBalanceResponse = z.object({ symbol: z.string(), funding: decimalOut, spot: decimalOut });
export type EarnBalanceResponse = z.infer<typeof earnBalanceResponse>;

/** GET /api/v1/earn/positions: newest first, active and redeemed. */
export const earnPositionsResponse = z.array(earnPosition);
export type EarnPositionsResponse = z.infer<typeof earnPositionsResponse>;

/** One day's interest on one position. */
export const earnPayment = z.object({
  day: z.string(),
  position_id: z.string(),
  product_id: z.string(),
  symbol: z.string(),
  principal: decimalOut,
  /** The APR that day, as a fraction. */
  apr: decimalOut,
  amount: decimalOut,
});
export type EarnPayment = z.infer<typeof earnPayment>;

/** GET /api/v1/earn/earnings: totals per asset and the latest daily payments. */
export const earnEarningsResponse = z.object({
  totals: z.array(z.object({ symbol: z.string(), principal: decimalOut, interest: decimalOut })),
  payments: z.array(earnPayment),
});
export type EarnEarningsResponse = z.infer<typeof earnEarningsResponse>;

/** Auto-earn switches: one per asset that has a flexible product. */
export const earnAutoResponse = z.array(z.object({ symbol: z.string(), enabled: z.boolean() }));
export type EarnAutoResponse = z.infer<typeof earnAutoResponse>;

/** POST /api/v1/earn/auto-earn. */
export const earnAutoRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  symbol: text('symbol', { required: 'symbol is required', trim: true }).refine((v) => symbolPattern.test(v), 'symbol must be a coin symbol such as USDT'),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type EarnAutoRequest = z.infer<typeof earnAutoRequest>;
