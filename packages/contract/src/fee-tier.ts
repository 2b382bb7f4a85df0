import { z } from 'zod';
import { queryText } from './fields.js';
import { uidField } from './wallet.js';

/**
 * Trading fee tiers (spec 3 §6, §9): Level 1 applies below 5,000,000 USDT of 30-day trading volume
 * or below 100,000 USDT of assets; Premium takes both. Amounts are USDT decimal strings.
 */
export const FEE_TIER_PREMIUM_VOLUME_USDT = '5000000';
export const FEE_TIER_PREMIUM_ASSETS_USDT = '100000';
/** The trading volume counts the fills of this many days back from now. */
export const FEE_TIER_WINDOW_DAYS = 30;

export const feeTierNames = ['level_1', 'premium'] as const;
export type FeeTierName = (typeof feeTierNames)[number];

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

/** GET /api/v1/fee-tier?uid=: the user's tier and the figures it was worked out from. */
export const feeTierQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });

export const feeTierResponse = z.object({
  tier: z.enum(feeTierNames),
  /** The tier flag of user_detail.tier: true for Premium. */
  premium: z.boolean(),
  window_days: z.number().int(),
  /** USDT value of the user's spot and futures fills in the window (price × quantity). */
  volume_usdt: decimalOut,
  spot_volume_usdt: decimalOut,
  futures_volume_usdt: decimalOut,
  /** Spot, futures and funding balances and Earn principal, valued at last prices. */
  assets_usdt: decimalOut,
  premium_volume_usdt: decimalOut,
  premium_assets_usdt: decimalOut,
  /** The spot taker rate of the user's tier (docs/operators.md, "Fees"). */
  spot_fee_rate: decimalOut,
  /** The spot rates of the user's tier, as an administrator set them (the console's fee table). */
  spot_maker_rate: decimalOut,
  spot_taker_rate: decimalOut,
  /** The futures taker rate of the user's tier, as futures_taker_rate (kept for the clients that read one rate). */
  futures_fee_rate: decimalOut,
  /** The futures rates of the user's tier, as an administrator set them. */
  futures_maker_rate: decimalOut,
  futures_taker_rate: decimalOut,
  computed_at: z.string(),
});
export type FeeTierResponse = z.infer<typeof feeTierResponse>;
