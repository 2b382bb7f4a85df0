import { z } from 'zod';
import { oneOf, queryText, wholeNumber } from './fields.js';
import { uidField } from './wallet.js';
import { fillMessage } from './message-codes.js';

/** Futures texts of spec 2 §5, §4 and §8, and the server's answers for positions. */
export const futuresMessages = {
  invalidAmount: 'Please enter a valid amount',
  invalidPrice: 'Please enter a valid price',
  authRequired: 'Authentication required. Please log in to trade.',
  userIdRequired: 'User ID is required',
  invalidCoinId: 'Invalid coin ID',
  invalidResponse: 'Invalid response from server',
  apiError: (status: number | string) => `API error: ${status}`,
  networkError: 'Network error occurred during trade execution',
  tradeFailed: 'Trade execution failed',
  refreshBalanceFailed: 'Failed to refresh balance',
  balanceAuthRequired: 'Authentication required to view balance',
  historyFailed: 'Failed to load order history. Please try again later.',
  cannotClose: 'You cannot close position currently. Please contact customer service.',
  closedSuccess: 'Position closed successfully',
  closedFundsReturned: 'Position closed successfully with funds returned to the wallet.',
  bookUnavailable: 'Unable to connect to order book data. Please check your connection or try again.',
  noTrades: 'No trade data available',
  noFavorites: 'No favorites available',
  loginToAccess: 'Please log in to access trading features',
  loginToTradeButton: 'LOGIN TO TRADE',
  loginToViewBalance: 'Login to view your balance',
  // Server answers.
  leverage: 'Leverage must be a whole number from 1 to the contract’s maximum',
  unknownContract: 'Invalid coin ID',
  insufficientMargin: (need: string, have: string) => fillMessage('futures.insufficientMargin', { need, have }),
  noLiquidity: 'No liquidity for a market order on this contract right now',
  leverageOfPosition: (leverage: number) => fillMessage('futures.leverageOfPosition', { leverage: String(leverage) }),
  leverageTooHigh: (max: number) => fillMessage('futures.leverageTooHigh', { max: String(max) }),
  takeProfitSide: 'Take-profit must be above the entry price for a long and below it for a short',
  stopLossSide: 'Stop-loss must be below the entry price for a long and above it for a short',
  opened: (side: 'long' | 'short') => (side === 'long' ? 'Long position opened' : 'Short position opened'),
  orderPlaced: (side: 'long' | 'short') => (side === 'long' ? 'Long order placed' : 'Short order placed'),
  positionNotFound: 'Position not found',
  contractExpired: 'This contract has expired and settled; trade the next quarter',
  notYours: 'This position belongs to another user',
  alreadyClosed: 'This position is already closed',
  reduceOnlyTooLarge: (free: string) => `A reduce-only order may close at most what of the position no other close order covers: ${free}`,
  closeOrderPlaced: 'Close order placed',
  partlyClosed: 'Part of the position closed',
  nothingToClose: 'You have no open position on that side of this contract',
  orderCanceled: 'Order canceled and margin returned to the wallet',
  liquidated: (symbol: string, price: string) => `Your ${symbol} position was liquidated at ${price}`,
  deleveraged: (symbol: string, price: string) => `Part of your ${symbol} position was closed by auto-deleveraging at ${price}`,
} as const;

/** Futures constants of spec 2 §9 and of the contracts (docs/futures.md). */
export const FUTURES_FEE_RATE = '0.0005';
/**
 * Highest leverage of each contract, by coin (the contracts list's `max_leverage`); the position's
 * size may cap it lower (the margin tiers, packages/risk). A coin not named here has the default.
 */
export const FUTURES_MAX_LEVERAGE: Readonly<Record<string, number>> = { BTC: 125, ETH: 125 };
export const FUTURES_DEFAULT_MAX_LEVERAGE = 100;
/** The highest leverage of any contract: what a request may name before its contract is known. */
export const FUTURES_LEVERAGE_CEILING = 125;
export const FUTURES_DEFAULT_LEVERAGE = 20;

/** The highest leverage of a coin's contracts (BTC, or BTC-USDT-SWAP). */
export function futuresMaxLeverage(symbolOrInstId: string): number {
  const coin = symbolOrInstId.toUpperCase().split('-')[0] ?? '';
  return FUTURES_MAX_LEVERAGE[coin] ?? FUTURES_DEFAULT_MAX_LEVERAGE;
}
export const FUTURES_ORDER_HISTORY_PAGE_SIZE = 10;
export const FUTURES_NOTIFICATION_MS = 3000;
export const FUTURES_CLOSE_NOTICE_MS = 5000;
export const FUTURES_CLOSE_DIALOG_MS = 2000;
export const FUTURES_SLIDER_STEP = 0.01;
export const FUTURES_FAVORITES = 8;
/** 24 h low and high shown in the header when the contract carries none (spec 2 §9: 3 % around the price). */
export const FUTURES_HEADER_RANGE = 0.03;

/** The OKX-style id of a coin's USDT-margined perpetual: BTC → BTC-USDT-SWAP. */
export function swapInstId(symbol: string): string {
  return `${symbol.toUpperCase()}-USDT-SWAP`;
}

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Plain decimal digits above zero; `message` answers anything else, absent included. */
const positiveDecimal = (label: string, message: string) =>
  queryText(label, { required: message, trim: true }).refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0, message);

export const futuresSide = oneOf('side', ['long', 'short']);
export type FuturesSide = z.infer<typeof futuresSide>;
export const marginMode = oneOf('margin_mode', ['isolated', 'cross']);
export type MarginMode = z.infer<typeof marginMode>;
export const futuresOrderType = oneOf('order_type', ['limit', 'market']);
export type FuturesOrderType = z.infer<typeof futuresOrderType>;
/** Spec 2 §2: Open sends BUY MORE and Close sends SELL SHORT. */
export const futuresTransactionType = oneOf('transaction_type', ['BUY MORE', 'SELL SHORT']);
export type FuturesTransactionType = z.infer<typeof futuresTransactionType>;
/** What a position's take-profit and stop-loss watch: the mark price or the contract's last trade. */
export const triggerBy = oneOf('trigger_by', ['mark', 'last']);
export type TriggerBy = z.infer<typeof triggerBy>;
export const positionStatus = z.enum(['pending', 'active', 'closed', 'liquidated', 'canceled']);
export type PositionStatus = z.infer<typeof positionStatus>;

/** Any whole leverage up to the highest of any contract; the contract's own maximum is checked with it. */
export const futuresLeverage = wholeNumber('leverage', { min: 1, max: FUTURES_LEVERAGE_CEILING }, { invalid: futuresMessages.leverage });

/**
 * POST /api/v1/futures: every field in the query string, no body (spec 2 §7). `symbol` is the
 * coin (BTC), its pair (BTCUSDT, BTC-USDT) or the contract (BTC-USDT-SWAP, or a quarterly delivery
 * contract such as BTC-USDT-261225). Without `side`, BUY MORE
 * opens a long and SELL SHORT a short (what a client of the spec alone means by its two buttons);
 * `position_action=close` with a side closes that side's open positions on the contract at market
 * (the form's Close tab). `entry_price` is the limit price, ignored by a market order.
 */
export const openFuturesQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  transaction_type: futuresTransactionType,
  symbol: queryText('symbol', { required: futuresMessages.invalidCoinId, trim: true }).refine(
    (v) => /^[A-Za-z0-9]{2,10}(-?USDT(-SWAP|-\d{6})?)?$/.test(v),
    futuresMessages.invalidCoinId,
  ),
  entry_price: positiveDecimal('entry_price', futuresMessages.invalidPrice).optional(),
  amount: positiveDecimal('amount', futuresMessages.invalidAmount),
  /** Absent: the leverage set for the side (PUT /futures/leverage), else the default. */
  leverage: futuresLeverage.optional(),
  side: futuresSide.optional(),
  position_action: oneOf('position_action', ['open', 'close']).default('open'),
  margin_mode: marginMode.default('isolated'),
  order_type: futuresOrderType.default('limit'),
  take_profit: positiveDecimal('take_profit', 'take_profit must be a price above 0').optional(),
  stop_loss: positiveDecimal('stop_loss', 'stop_loss must be a price above 0').optional(),
});
export type OpenFuturesQuery = z.infer<typeof openFuturesQuery>;

export const openFuturesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The order's id (spec 2's history row); a close order answers the first position it closed. */
  future_id: z.string(),
  /** The position the order's fills went to (PUT /close-position takes it); null while nothing filled. */
  position_id: z.string().nullable(),
  status: positionStatus,
  filled_amount: decimalOut,
  entry_price: decimalOut.nullable(),
  margin: decimalOut,
  liquidation_price: decimalOut.nullable(),
});
export type OpenFuturesResponse = z.infer<typeof openFuturesResponse>;

/**
 * A row of GET /api/v1/user-futures/{uid} (spec 2 §3 and both record forms), newest first: one per
 * order, an opening order or a reduce-only one; the live figures (mark, liquidation price, margin
 * ratio) are those of the position its fills went to while it is open.
 */
export const futuresPositionRow = z.object({
  future_id: z.string(),
  /** The position the order's fills went to (PUT /close-position takes it); null while nothing filled. */
  position_id: z.string().nullable(),
  /** A close order: its fills reduced the position and realised `realized_pnl`. */
  reduce_only: z.boolean(),
  date: z.string(),
  coin: z.string(),
  coin_id: z.number().int(),
  symbol: z.string(),
  inst_id: z.string(),
  logo_path: z.string(),
  side: futuresSide,
  position_type: marginMode,
  order_type: futuresOrderType,
  leverage: z.number().int(),
  /** Average fill price; the limit price while nothing has filled. */
  entry_price: decimalOut,
  order_price: decimalOut.nullable(),
  /** Contract size in the coin: what is open (or was, once closed). */
  amount: decimalOut,
  filled_amount: decimalOut,
  /** Notional at entry, USDT. */
  total: decimalOut,
  margin: decimalOut,
  liquidation_price: decimalOut.nullable(),
  mark_price: decimalOut.nullable(),
  unrealized_pnl: decimalOut,
  realized_pnl: decimalOut,
  fee: decimalOut,
  funding: decimalOut,
  /** Maintenance margin / equity, as a fraction; liquidation at 1. */
  margin_ratio: decimalOut.nullable(),
  /** Whole days since it opened. */
  cycle: z.number().int(),
  /** Margin plus unrealised profit (open), or what was returned to the wallet (closed). */
  asset: decimalOut,
  return_percentage: decimalOut,
  take_profit: decimalOut.nullable(),
  stop_loss: decimalOut.nullable(),
  status: positionStatus,
  closed_at: z.string().nullable(),
  close_price: decimalOut.nullable(),
});
export type FuturesPositionRow = z.infer<typeof futuresPositionRow>;
export const userFuturesResponse = z.array(futuresPositionRow);

/**
 * A position (GET /api/v1/futures/positions and the private `positions` channel): one per user,
 * contract, side and margin mode while open; opening fills add at the size-weighted average entry,
 * closing fills realise profit and loss on the part closed.
 */
export const futuresPosition = z.object({
  position_id: z.string(),
  inst_id: z.string(),
  symbol: z.string(),
  side: futuresSide,
  position_type: marginMode,
  leverage: z.number().int(),
  /** Open size in the coin (0 once closed). */
  amount: decimalOut,
  /** Size-weighted average entry of what is open; of what was open last once closed. */
  entry_price: decimalOut.nullable(),
  mark_price: decimalOut.nullable(),
  liquidation_price: decimalOut.nullable(),
  margin: decimalOut,
  /**
   * What may be taken out of an open isolated position's margin at the mark it was shown at: the
   * margin less its initial margin at entry and its unrealised loss (null for cross and closed ones).
   */
  max_removable_margin: decimalOut.nullable(),
  margin_ratio: decimalOut.nullable(),
  unrealized_pnl: decimalOut,
  /** Profit or loss of what was closed, before fees and funding. */
  realized_pnl: decimalOut,
  /** Opening and closing fees, paid. */
  fee: decimalOut,
  /** Funding paid (positive) or received (negative). */
  funding: decimalOut,
  /** Price of the last closing fill (the exit price once closed). */
  close_price: decimalOut.nullable(),
  /** What of it the resting reduce-only orders may still close. */
  closing_amount: decimalOut,
  take_profit: decimalOut.nullable(),
  stop_loss: decimalOut.nullable(),
  /** What the take-profit and stop-loss watch. */
  trigger_by: triggerBy,
  status: z.enum(['active', 'closed', 'liquidated']),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type FuturesPosition = z.infer<typeof futuresPosition>;
export const futuresPositionsResponse = z.array(futuresPosition);

export const futuresPositionsQuery = z.object({
  apikey: queryText('apikey').optional(),
  status: oneOf('status', ['open', 'closed', 'all']).default('open'),
  limit: wholeNumber('limit', { min: 1, max: 500 }, { invalid: 'limit must be a whole number from 1 to 500' }).default(100),
});

export const userFuturesParams = z.object({ uid: uidField });
export const userFuturesQuery = z.object({
  apikey: queryText('apikey').optional(),
  status: oneOf('status', ['open', 'closed', 'all']).default('all'),
  limit: wholeNumber('limit', { min: 1, max: 500 }, { invalid: 'limit must be a whole number from 1 to 500' }).default(200),
});

/** PUT /api/v1/close-position?future_id= (spec 2 §7): closes at market, or cancels an unfilled order. */
export const closePositionQuery = z.object({
  apikey: queryText('apikey').optional(),
  future_id: queryText('future_id', { required: futuresMessages.positionNotFound, trim: true }).refine(
    (v) => /^\d{1,18}$/.test(v),
    futuresMessages.positionNotFound,
  ),
});
export const closePositionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  future_id: z.string(),
  status: positionStatus,
  realized_pnl: decimalOut,
  /** What went back to the futures wallet: margin plus profit, less loss and fee. */
  returned: decimalOut,
});
export type ClosePositionResponse = z.infer<typeof closePositionResponse>;

/** One contract's public state (GET /api/v1/futures/contracts): the perpetuals and the quarterly delivery contracts. */
export const futuresContract = z.object({
  inst_id: z.string(),
  symbol: z.string(),
  coin_id: z.number().int(),
  type: z.enum(['perpetual', 'expiry']),
  /** A delivery contract's expiry (ms since the epoch); null for a perpetual. */
  expiry_time: z.number().int().nullable(),
  tick_size: decimalOut,
  lot_size: decimalOut,
  max_leverage: z.number().int(),
  mark_price: decimalOut.nullable(),
  index_price: decimalOut.nullable(),
  last_price: decimalOut.nullable(),
  /** The rate paid at the last funding time, as a fraction per interval. */
  funding_rate: decimalOut,
  /** What the next funding time would pay if it were now. */
  predicted_funding_rate: decimalOut,
  next_funding_time: z.number().int(),
  funding_interval_hours: z.number().int(),
  /** Open interest in the coin, each side (always equal) and in USDT at the mark. */
  open_interest: decimalOut,
  open_interest_long: decimalOut,
  open_interest_short: decimalOut,
  open_interest_usdt: decimalOut,
  insurance_fund: decimalOut,
  listed_at: z.number().int(),
});
export type FuturesContract = z.infer<typeof futuresContract>;
export const futuresContractsResponse = z.array(futuresContract);
