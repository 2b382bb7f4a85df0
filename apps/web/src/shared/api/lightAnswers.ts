// The answers the spot page reads (orders, its wallet, the assets tab), checked with zod's mini build: the contract's classic-zod
// schemas (which the server keeps validating with) cost this page about 12 KB gzipped. The types
// still come from the contract, so a drift between the two fails the type check; a test holds
// both to the same samples.
import * as z from 'zod/mini';
import type {
  CancelOrderResponse,
  OrderHistoryRow,
  PlaceOrderResponse,
  UserWalletResponse,
  UserWalletsResponse,
} from '@exchange/contract';

const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const int = z.number().check(z.int());
const orderSide = z.enum(['buy', 'sell']);
// eslint-disable-next-line lingui/no-unlocalized-strings -- the server's status values, not a text for people
const orderStatus = z.enum(['pending', 'partially filled', 'filled', 'canceled']);

export const placeOrderAnswer: z.ZodMiniType<PlaceOrderResponse> = z.object({
  success: z.literal(true),
  order_id: z.string(),
  message: z.string(),
  status: orderStatus,
  filled_amount: decimal,
  average_price: z.optional(z.nullable(decimal)),
  total: z.optional(decimal),
  fee: z.optional(decimal),
  fee_asset: z.optional(z.string()),
});

export const cancelOrderAnswer: z.ZodMiniType<CancelOrderResponse> = z.object({
  success: z.literal(true),
  message: z.string(),
  order_id: z.string(),
  status: orderStatus,
});

const orderHistoryRow = z.object({
  order_id: z.string(),
  date: z.string(),
  coin_id: int,
  coin_name: z.string(),
  symbol: z.string(),
  order_type: orderSide,
  excecution_type: z.enum(['limit', 'market', 'stop-limit']),
  price: decimal,
  stop_price: z.nullable(decimal),
  amount: decimal,
  filled_amount: decimal,
  average_price: z.nullable(decimal),
  account_balance: decimal,
  total: decimal,
  fee: decimal,
  fee_asset: z.string(),
  status: orderStatus,
  logo_path: z.string(),
});
export const orderHistoryAnswer: z.ZodMiniType<OrderHistoryRow[]> = z.array(orderHistoryRow);

const coinWallet = z.object({
  coin_id: int,
  crypto_symbol: z.string(),
  crypto_name: z.string(),
  logo_path: z.string(),
  price: decimal,
  spot_wallet: decimal,
  future_wallet: decimal,
});
export const userWalletAnswer: z.ZodMiniType<UserWalletResponse> = z.object({ cryptoWallet: coinWallet, usdtWallet: coinWallet });

const walletEntry = z.object({
  coin_id: int,
  wallet_id: z.string(),
  crypto_symbol: z.string(),
  crypto_name: z.string(),
  logo_path: z.string(),
  price: decimal,
  spot_wallet: decimal,
  future_wallet: decimal,
  funding_wallet: decimal,
});
const walletTotals = z.object({ overview: decimal, spot_wallet: decimal, future_wallet: decimal, funding_wallet: decimal });
export const userWalletsAnswer: z.ZodMiniType<UserWalletsResponse> = z.tuple([z.array(walletEntry), walletTotals]);
