import { z } from 'zod';
import { feeTierNames } from './fee-tier.js';
import { jsonBody, oneOf, text } from './fields.js';
import { reasonField } from './operators.js';
import { totpCodeField } from './two-factor-fields.js';

/**
 * The trading fees per fee tier (issue 43, "Markets and fees"): a spot and a futures maker and taker
 * rate for Level 1 and for Premium, changed by an administrator with their authenticator code. Rates
 * are fractions (0.001 is 0.1 %) of the amount received (spot) or of the fill's notional (futures),
 * from 0 to 1 %: the settlement takes the fee from what a side gets or holds, so a rebate (a negative
 * maker rate) is not supported. docs/operators.md.
 */
export const FEE_RATE_MAX = '0.01';
/** A rate is written with at most this many decimals (0.000001 is 0.0001 %). */
export const FEE_RATE_DECIMALS = 6;

export const operatorFeeMessages = {
  makerRate: `The maker rate must be a number from 0 to ${FEE_RATE_MAX} (1 %), with at most ${FEE_RATE_DECIMALS} decimals`,
  takerRate: `The taker rate must be a number from 0 to ${FEE_RATE_MAX} (1 %), with at most ${FEE_RATE_DECIMALS} decimals`,
  futuresMakerRate: `The futures maker rate must be a number from 0 to ${FEE_RATE_MAX} (1 %), with at most ${FEE_RATE_DECIMALS} decimals`,
  futuresTakerRate: `The futures taker rate must be a number from 0 to ${FEE_RATE_MAX} (1 %), with at most ${FEE_RATE_DECIMALS} decimals`,
  unchanged: 'These are the tier’s rates already',
} as const;

const rateField = (label: string, message: string) =>
  text(label, { required: message, trim: true }).refine(
    (v) => new RegExp(`^\\d(\\.\\d{1,${FEE_RATE_DECIMALS}})?$`).test(v) && Number(v) >= 0 && Number(v) <= Number(FEE_RATE_MAX),
    message,
  );

export const adminFeeRow = z.object({
  tier: z.enum(feeTierNames),
  maker_rate: z.string(),
  taker_rate: z.string(),
  futures_maker_rate: z.string(),
  futures_taker_rate: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type AdminFeeRow = z.infer<typeof adminFeeRow>;
export const adminFeesResponse = z.object({ items: z.array(adminFeeRow).max(feeTierNames.length) });
export type AdminFeesResponse = z.infer<typeof adminFeesResponse>;

export const adminFeeParams = z.object({ tier: oneOf('The fee tier', feeTierNames) });

export const adminFeeChangeRequest = jsonBody({
  maker_rate: rateField('The maker rate', operatorFeeMessages.makerRate),
  taker_rate: rateField('The taker rate', operatorFeeMessages.takerRate),
  // Optional, so that a client of the spot-only table keeps working: left out, the futures rates stay.
  futures_maker_rate: rateField('The futures maker rate', operatorFeeMessages.futuresMakerRate).optional(),
  futures_taker_rate: rateField('The futures taker rate', operatorFeeMessages.futuresTakerRate).optional(),
  reason: reasonField,
  totp_code: totpCodeField,
});
export type AdminFeeChangeRequest = z.infer<typeof adminFeeChangeRequest>;
export const adminFeeChangeResponse = z.object({ success: z.literal(true), message: z.string(), fee: adminFeeRow });
export type AdminFeeChangeResponse = z.infer<typeof adminFeeChangeResponse>;
