import { z } from 'zod';
import { jsonBody, queryText, text, wholeNumber } from './fields.js';

/** Texts of the transfer form (spec 3 §5 "Transfer submit", §8) and of the wallet calls. */
export const walletMessages = {
  selectAsset: 'Please select an asset',
  sameAccounts: 'From and To accounts cannot be the same',
  invalidAmount: 'Please enter a valid amount',
  insufficientBalance: 'Insufficient balance',
  transferSuccessful: 'Transfer successful!',
  transferFailed: 'Transfer failed. Please try again.',
  invalidCoin: 'Invalid coin ID',
  userIdRequired: 'User ID is required',
  userIdInvalid: 'User ID must be a positive whole number',
} as const;

/** A public user number: in a path, a query or a JSON body (as a number or a digit string). */
export const uidField = wholeNumber('uid', { min: 1, max: 9_999_999_999 }, {
  required: walletMessages.userIdRequired,
  invalid: walletMessages.userIdInvalid,
});

/** The {uid} of the wallet, history and balance paths. */
export const uidParams = z.object({ uid: uidField });

/**
 * The wallets a user moves money between: spec 3's Spot and Future (the web sends "futures"), and
 * Funding, where deposits land (issue 40), so a deposit can be traded.
 */
export const TRANSFER_WALLETS = ['funding', 'spot', 'futures'] as const;
export const transferWallet = z.enum(TRANSFER_WALLETS);
export const transferAccount = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(TRANSFER_WALLETS, { message: 'Please choose the Funding, Spot or Futures account' }),
);
export type TransferAccount = z.infer<typeof transferAccount>;

/** A positive decimal given as a JSON number (the web) or a decimal string (exact); `message` answers anything else. */
export function positiveAmountField(message: string) {
  return z.union([z.number(), z.string()], { message }).refine(
    (v) => {
      const n = typeof v === 'number' ? v : Number(v.trim() === '' ? NaN : v);
      return Number.isFinite(n) && n > 0;
    },
    { message },
  );
}

export const amountInput = positiveAmountField(walletMessages.invalidAmount);

/** POST /api/v1/transfers (spec 3 §3, §7). */
export const transferRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  transfer_from: transferAccount,
  transfer_to: transferAccount,
  symbol: text('symbol', { required: walletMessages.selectAsset, trim: true })
    .min(1, walletMessages.selectAsset)
    .max(20, walletMessages.invalidCoin),
  amount: amountInput,
})
  .refine((b) => b.transfer_from !== b.transfer_to, { message: walletMessages.sameAccounts });
export type TransferRequest = z.infer<typeof transferRequest>;

/** Decimal amounts and prices travel as strings: exact, never binary floats. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const transferRecord = z.object({
  symbol: z.string(),
  amount: decimal,
  transfer_from: transferWallet,
  transfer_to: transferWallet,
  status: z.string(),
  created_at: z.string(),
});
export type TransferRecord = z.infer<typeof transferRecord>;

export const transferResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  transfer: transferRecord.extend({ id: z.string() }),
});
export type TransferResponse = z.infer<typeof transferResponse>;

export const transferHistoryResponse = z.array(transferRecord);
export type TransferHistoryResponse = z.infer<typeof transferHistoryResponse>;

/** One row of the assets table (spec 2 §3 "Wallet coin row"). */
export const walletEntry = z.object({
  coin_id: z.number().int(),
  wallet_id: z.string(),
  crypto_symbol: z.string(),
  crypto_name: z.string(),
  logo_path: z.string(),
  price: decimal,
  spot_wallet: decimal,
  future_wallet: decimal,
  funding_wallet: decimal,
});
export type WalletEntry = z.infer<typeof walletEntry>;

/** Sums of price × balance per wallet, in USDT (spec 2 §3 "Wallet summary"). */
export const walletTotals = z.object({
  overview: decimal,
  spot_wallet: decimal,
  future_wallet: decimal,
  funding_wallet: decimal,
});
export type WalletTotals = z.infer<typeof walletTotals>;

/** GET /api/v1/user-wallets/{uid}: [wallet entries, totals]. */
export const userWalletsResponse = z.tuple([z.array(walletEntry), walletTotals]);
export type UserWalletsResponse = z.infer<typeof userWalletsResponse>;

export const coinWallet = z.object({
  coin_id: z.number().int(),
  crypto_symbol: z.string(),
  crypto_name: z.string(),
  logo_path: z.string(),
  price: decimal,
  spot_wallet: decimal,
  future_wallet: decimal,
});
export type CoinWallet = z.infer<typeof coinWallet>;

/** The path of GET /api/v1/user-wallet/{uid}/{coinId}: a coin id or symbol. */
export const userWalletParams = uidParams.extend({
  coinId: queryText('coinId', { trim: true }).min(1, walletMessages.invalidCoin).max(20, walletMessages.invalidCoin),
});

/** GET /api/v1/user-wallet/{uid}/{coinId} (spec 2 §3 "Futures wallet response"). */
export const userWalletResponse = z.object({ cryptoWallet: coinWallet, usdtWallet: coinWallet });
export type UserWalletResponse = z.infer<typeof userWalletResponse>;

export const coinBalanceQuery = z.object({
  symbol: queryText('symbol', { required: walletMessages.selectAsset, trim: true })
    .min(1, walletMessages.selectAsset)
    .max(20, walletMessages.invalidCoin),
  apikey: queryText('apikey').optional(),
});

/** GET /api/v1/coin-balance/{uid}?symbol= (spec 3 §3 "Coin balance"). */
export const coinBalanceResponse = z.object({ spot_wallet: decimal, future_wallet: decimal, price: decimal });
export type CoinBalanceResponse = z.infer<typeof coinBalanceResponse>;
