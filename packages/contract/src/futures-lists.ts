import { z } from 'zod';
import { queryText, wholeNumber } from './fields.js';
import { futuresOrderType, futuresSide, marginMode } from './futures.js';

/** The server's answers of the futures lists and cancels (issue 41). */
export const futuresListMessages = {
  orderNotFound: 'Order not found',
  orderNotOpen: 'This order is no longer open',
  canceled: (count: number) => (count === 1 ? 'Order canceled' : `${count} orders canceled`),
  contract: 'contract must be a contract id such as BTC-USDT-SWAP',
  before: 'before must be an id from the previous page',
} as const;

/** Rows a page of the futures lists holds at most. */
export const FUTURES_LIST_MAX = 100;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
const idPattern = /^\d{1,18}$/;

/** A contract id (BTC-USDT-SWAP, BTC-USDT-261225), in any case. */
const contractField = queryText('contract', { trim: true })
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9]{1,12}-USDT-(SWAP|\d{6})$/.test(v), futuresListMessages.contract);

const limitField = (fallback: number) =>
  wholeNumber('limit', { min: 1, max: FUTURES_LIST_MAX }, { invalid: `limit must be a whole number from 1 to ${FUTURES_LIST_MAX}` }).default(fallback);

const beforeField = queryText('before', { trim: true }).refine((v) => idPattern.test(v), futuresListMessages.before);

/** A user's futures order resting on a book (GET /futures/orders/open and the private `futures-orders` channel). */
export const futuresOpenOrder = z.object({
  order_id: z.string(),
  /** The position its fills go to; null for an opening order that has not filled yet. */
  position_id: z.string().nullable(),
  inst_id: z.string(),
  symbol: z.string(),
  side: futuresSide,
  position_type: marginMode,
  order_type: futuresOrderType,
  leverage: z.number().int(),
  reduce_only: z.boolean(),
  /** The limit price; null at market. */
  price: decimalOut.nullable(),
  amount: decimalOut,
  filled_amount: decimalOut,
  /** What the order still holds of the futures wallet (margin and fee); 0 for a reduce-only order. */
  held: decimalOut,
  take_profit: decimalOut.nullable(),
  stop_loss: decimalOut.nullable(),
  status: z.enum(['pending', 'active', 'closed', 'liquidated', 'canceled']),
  /** Whether it still rests on the book: false once filled or canceled (the channel's last word on it). */
  open: z.boolean(),
  created_at: z.string(),
});
export type FuturesOpenOrder = z.infer<typeof futuresOpenOrder>;

export const futuresOpenOrdersQuery = z.object({
  apikey: queryText('apikey').optional(),
  contract: contractField.optional(),
  limit: limitField(FUTURES_LIST_MAX),
});
export const futuresOpenOrdersResponse = z.array(futuresOpenOrder);

export const futuresOrderParams = z.object({
  order_id: queryText('order_id', { trim: true }).refine((v) => idPattern.test(v), futuresListMessages.orderNotFound),
});
export const futuresCancelAllQuery = z.object({
  apikey: queryText('apikey').optional(),
  contract: contractField.optional(),
});
/** DELETE /futures/orders/{order_id} and DELETE /futures/orders: what was canceled, each hold back in the wallet. */
export const futuresCancelResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order_ids: z.array(z.string()),
});
export type FuturesCancelResponse = z.infer<typeof futuresCancelResponse>;

/** A closed position (GET /futures/positions/history): its result with fees and funding apart. */
export const futuresClosedPosition = z.object({
  position_id: z.string(),
  inst_id: z.string(),
  symbol: z.string(),
  side: futuresSide,
  position_type: marginMode,
  leverage: z.number().int(),
  /** Everything it ever held: the sum of its opening fills, in the coin. */
  size: decimalOut,
  entry_price: decimalOut.nullable(),
  exit_price: decimalOut.nullable(),
  /** Profit and loss of the closing fills at the average entry, before fees and funding. */
  realized_pnl: decimalOut,
  /** Every fee it paid, opening and closing. */
  fee: decimalOut,
  /** Funding paid, net (negative: received). */
  funding: decimalOut,
  /** What the position made: realized_pnl − fee − funding. */
  net_pnl: decimalOut,
  status: z.enum(['closed', 'liquidated']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});
export type FuturesClosedPosition = z.infer<typeof futuresClosedPosition>;

/** `before` is the previous page's `next_before`. */
export const futuresHistoryQuery = z.object({
  apikey: queryText('apikey').optional(),
  limit: limitField(20),
  before: beforeField.optional(),
});
export const futuresPositionHistoryResponse = z.object({
  positions: z.array(futuresClosedPosition),
  /** The id to pass as `before` for the next page; null on the last. */
  next_before: z.string().nullable(),
});
export type FuturesPositionHistoryResponse = z.infer<typeof futuresPositionHistoryResponse>;

/** One funding payment of one position (GET /futures/funding-history). */
export const futuresFundingPayment = z.object({
  id: z.string(),
  position_id: z.string(),
  inst_id: z.string(),
  symbol: z.string(),
  side: futuresSide,
  /** The funding time settled, ms since the epoch. */
  funding_time: z.number().int(),
  rate: decimalOut,
  mark_price: decimalOut,
  /** The position's size then. */
  size: decimalOut,
  /** Received above zero, paid below. */
  amount: decimalOut,
});
export type FuturesFundingPayment = z.infer<typeof futuresFundingPayment>;

export const futuresFundingHistoryResponse = z.object({
  payments: z.array(futuresFundingPayment),
  next_before: z.string().nullable(),
});
export type FuturesFundingHistoryResponse = z.infer<typeof futuresFundingHistoryResponse>;
