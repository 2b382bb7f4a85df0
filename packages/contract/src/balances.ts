import { z } from 'zod';
import { jsonBody, oneOf, queryText, text } from './fields.js';
import { uidField } from './wallet.js';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** What holds part of a wallet's money: a resting order, a withdrawal being paid, a position's margin. */
export const HOLD_REASONS = ['order', 'withdrawal', 'margin'] as const;
export const holdReason = z.enum(HOLD_REASONS);
export type HoldReason = z.infer<typeof holdReason>;

/** One held part of a wallet, by what holds it. */
export const heldPart = z.object({ reason: holdReason, amount: decimal });
export type HeldPart = z.infer<typeof heldPart>;

/** A wallet's money: free to use, held (by what holds it, in HOLD_REASONS order, only parts above 0), and their sum. */
export const walletPart = z.object({ available: decimal, held: z.array(heldPart), total: decimal });
export type WalletPart = z.infer<typeof walletPart>;

/** One asset in every wallet: `total` = funding + spot + futures totals + earn (Earn principal). */
export const assetBalance = z.object({
  symbol: z.string(),
  name: z.string(),
  coin_id: z.number().int(),
  logo_path: z.string(),
  price: decimal,
  funding: walletPart,
  spot: walletPart,
  futures: walletPart,
  earn: decimal,
  total: decimal,
  /** total × price, in USDT. */
  value: decimal,
});
export type AssetBalance = z.infer<typeof assetBalance>;

/**
 * GET /api/v1/balances/{uid} (issue 40): every listed asset, then any other the user holds, and
 * the sums of their values in USDT per wallet and part. Each total is exactly the sum of its rows.
 */
export const walletBalancesResponse = z.object({
  assets: z.array(assetBalance),
  totals: z.object({ funding: walletPart, spot: walletPart, futures: walletPart, earn: decimal, total: decimal }),
});
export type WalletBalancesResponse = z.infer<typeof walletBalancesResponse>;

/** The query of GET /api/v1/balances/{uid} and GET /api/v1/deposit-wallet/{uid}. */
export const balancesQuery = z.object({ apikey: queryText('apikey').optional() });

/** Where a user's deposits are credited: Funding (spec 3's deposit account) or straight to Spot. */
export const DEPOSIT_WALLETS = ['funding', 'spot'] as const;
export const depositWallet = z.enum(DEPOSIT_WALLETS);
export type DepositWallet = z.infer<typeof depositWallet>;

/** GET /api/v1/deposit-wallet/{uid} and POST /api/v1/deposit-wallet: the wallet the user's next deposits are credited to. */
export const depositWalletResponse = z.object({ wallet: depositWallet });
export type DepositWalletResponse = z.infer<typeof depositWalletResponse>;

export const depositWalletRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  wallet: oneOf('wallet', DEPOSIT_WALLETS),
});
export type DepositWalletRequest = z.infer<typeof depositWalletRequest>;
