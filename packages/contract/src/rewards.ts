import { z } from 'zod';
import { queryText, text } from './fields.js';
import { uidField } from './wallet.js';

/** Referral, rewards and campaigns (spec 1's rewards routes, issue 18). */

export const rewardMessages = {
  /** Sign-up with a referral code that belongs to no account. */
  unknownReferralCode: 'This referral code does not exist. Check it, or leave the field empty.',
  invalidReferralCode: 'A referral code is 4 to 16 letters and digits',
  loadReferralsFailed: 'Failed to load your referrals. Please try again later.',
  loadRewardsFailed: 'Failed to load your rewards. Please try again later.',
  loadCampaignsFailed: 'Failed to load campaigns. Please try again later.',
} as const;

/** The query parameter of a referral link: /signup?ref=CODE. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** Codes are 8 upper-case letters and digits; a typed code is taken in any case, trimmed. */
export const referralCodeField = text('Referral code', { trim: true })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/, rewardMessages.invalidReferralCode));

/** The optional code of a sign-up: an empty field is no code. */
export const optionalReferralCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  referralCodeField.optional(),
);

/** The path of a user's referral link on this site. */
export function referralPath(code: string): string {
  return `/signup?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;
}

/** ?uid= of the referral and rewards calls: the token's own user. */
export const rewardsQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
});

/** Someone who signed up with the user's code; the email is masked (a***e@example.com). */
export const referredUser = z.object({
  email: z.string(),
  joined_at: z.string(),
  email_verified: z.boolean(),
  identity_verified: z.boolean(),
});
export type ReferredUser = z.infer<typeof referredUser>;

/** GET /api/v1/referrals: the user's code, the path of their link and the users it brought, newest first. */
export const referralsResponse = z.object({
  referral_code: z.string(),
  referral_path: z.string(),
  referred: z.array(referredUser),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;

export const REWARD_KINDS = ['newcomer_gift'] as const;

/** A reward the user received: a ledger posting, with its journal transaction id. */
export const rewardRecord = z.object({
  id: z.string(),
  kind: z.enum(REWARD_KINDS),
  asset: z.string(),
  amount: z.string(),
  wallet: z.enum(['spot', 'futures', 'funding']),
  created_at: z.string(),
});
export type RewardRecord = z.infer<typeof rewardRecord>;
export const rewardsResponse = z.array(rewardRecord);

/** An active campaign from the server's content files. */
export const campaign = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** What taking part gives, in words. */
  reward: z.string(),
  /** "YYYY-MM-DD"; ends null for a campaign without an end. */
  starts: z.string(),
  ends: z.string().nullable(),
  /** Where taking part starts on this site. */
  path: z.string(),
  /** Rendered from the file's Markdown with raw HTML escaped; the web sanitises it before showing it. */
  html: z.string(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignsResponse = z.array(campaign);
