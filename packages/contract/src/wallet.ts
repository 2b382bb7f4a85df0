import { z } from 'zod';

/** Texts of the transfer form (spec 3 §5 "Transfer submit", §8) and of the wallet calls. */
export const walletMessages = {
  selectAsset: 'Please select an asset',
  sameAccounts: 'From and To accounts cannot be the same',
  invalidAmount: 'Please enter a valid amount',
  insufficientBalance: 'Insufficient balance',
  transferSuccessful: 'Transfer successful!',
  transferFailed: 'Transfer failed. Please try again.',
  invalidCoin: 'Invalid coin ID',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
} as const;

/** The accounts a user moves money between; the web sends the Future account as "futures". */
export const transferAccount = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['spot', 'futures'], { message: 'Please choose the Spot or Futures account' }),
);
export type TransferAccount = z.infer<typeof transferAccount>;

/** A positive decimal given as a JSON number (the web) or a decimal string (exact). */
export const amountInput = z.union([z.number(), z.string()], { message: walletMessages.invalidAmount }).refine(
  (v) => {
    const n = typeof v === 'number' ? v : Number(v.trim() === '' ? NaN : v);
    return Number.isFinite(n) && n > 0;
  },
  { message: walletMessages.invalidAmount },
);

/** POST /api/v1/transfers (spec 3 §3, §7). */
export const transferRequest = z
  .object({
    apikey: z.string().optional(),
    uid: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
    transfer_from: transferAccount,
    transfer_to: transferAccount,
    symbol: z.string({ message: walletMessages.selectAsset }).trim().min(1, walletMessages.selectAsset),
    amount: amountInput,
  })
  .refine((b) => b.transfer_from !== b.transfer_to, { message: walletMessages.sameAccounts });
export type TransferRequest = z.infer<typeof transferRequest>;

/** Decimal amounts and prices travel as strings: exact, never binary floats. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const transferRecord = z.object({
  symbol: z.string(),
  amount: decimal,
  transfer_from: z.enum(['spot', 'futures']),
  transfer_to: z.enum(['spot', 'futures']),
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

/** GET /api/v1/user-wallet/{uid}/{coinId} (spec 2 §3 "Futures wallet response"). */
export const userWalletResponse = z.object({ cryptoWallet: coinWallet, usdtWallet: coinWallet });
export type UserWalletResponse = z.infer<typeof userWalletResponse>;

/** GET /api/v1/coin-balance/{uid}?symbol= (spec 3 §3 "Coin balance"). */
export const coinBalanceResponse = z.object({ spot_wallet: decimal, future_wallet: decimal, price: decimal });
export type CoinBalanceResponse = z.infer<typeof coinBalanceResponse>;
