import { z } from 'zod';
import { oneOf, queryText, wholeNumber } from './fields.js';
import { uidField } from './wallet.js';
import { spotMessages } from './spot-text.js';

export * from './spot-text.js';

/** Plain decimal digits above zero; `message` answers anything else, absent included. */
const positiveDecimal = (label: string, message: string) =>
  queryText(label, { required: message, trim: true }).refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0, message);
const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

export const orderSide = oneOf('order_type', ['buy', 'sell']);
export type OrderSide = z.infer<typeof orderSide>;
export const executionType = oneOf('excecution_type', ['limit', 'market', 'stop-limit']);
export type ExecutionType = z.infer<typeof executionType>;
/** Time in force of a limit order; GTC when absent. */
export const timeInForce = oneOf('time_in_force', ['GTC', 'IOC', 'FOK', 'POST_ONLY']);
export const orderStatus = z.enum(['pending', 'partially filled', 'filled', 'canceled']);
const coinPairId = wholeNumber('coin_id', { min: 1, max: 2_147_483_647 }, {
  required: spotMessages.coinPairIdRequired,
  invalid: spotMessages.coinPairIdInvalid,
});
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * POST /api/v1/orders: every field in the query string and no body (spec 1 §7). `price` is the
 * limit price (ignored for market orders); a market buy spends at most `total_in_usdt` when given,
 * else amount × the best ask, and never more than the user's USDT.
 */
export const placeOrderQuery = z.object({
  apikey: queryText('apikey'),
  uid: uidField,
  coin_id: coinPairId,
  order_type: orderSide,
  excecution_type: executionType.default('limit'),
  price: positiveDecimal('price', spotMessages.priceRequired).optional(),
  stop_price: positiveDecimal('stop_price', spotMessages.stopPriceRequired).optional(),
  amount: positiveDecimal('amount', spotMessages.amountRequired),
  total_in_usdt: positiveDecimal('total_in_usdt', spotMessages.totalRequired).optional(),
  time_in_force: timeInForce.optional(),
});
export type PlaceOrderQuery = z.infer<typeof placeOrderQuery>;

export const placeOrderResponse = z.object({
  success: z.literal(true),
  order_id: z.string(),
  message: z.string(),
  status: orderStatus,
  filled_amount: decimalOut,
  /**
   * What filled at once (issue 40), so the page can say it: the average fill price (null with no
   * fill), the quote it cost or brought before the fee, and the fee in its asset. Absent from
   * answers stored before these fields existed (an Idempotency-Key's replay).
   */
  average_price: decimalOut.nullable().optional(),
  total: decimalOut.optional(),
  fee: decimalOut.optional(),
  fee_asset: z.string().optional(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

/** A row of GET /api/v1/order-history/{uid} (spec 1 §3), newest first. */
export const orderHistoryRow = z.object({
  order_id: z.string(),
  date: z.string(),
  coin_id: z.number().int(),
  coin_name: z.string(),
  symbol: z.string(),
  order_type: orderSide,
  excecution_type: executionType,
  price: decimalOut,
  stop_price: decimalOut.nullable(),
  amount: decimalOut,
  filled_amount: decimalOut,
  average_price: decimalOut.nullable(),
  /**
   * Quote value of the order: what its fills cost (total), plus the unfilled rest at the limit price
   * while a limit or stop-limit order is open.
   */
  account_balance: decimalOut,
  /** Quote actually paid (buy) or received before the fee (sell): the sum of fill price × quantity. */
  total: decimalOut,
  fee: decimalOut,
  fee_asset: z.string(),
  status: orderStatus,
  logo_path: z.string(),
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRow>;

export const orderHistoryQuery = z.object({
  apikey: queryText('apikey'),
  order_type: orderSide.optional(),
  /** open = pending or partially filled. */
  status: oneOf('status', ['open', 'closed', 'all']).default('all'),
  coin_id: coinPairId.optional(),
  limit: wholeNumber('limit', { min: 1, max: 500 }, { invalid: 'limit must be a whole number from 1 to 500' }).default(200),
});

/** The path of GET /api/v1/order-history/{uid}. */
export const orderHistoryParams = z.object({ uid: uidField });

export const cancelOrderQuery = z.object({ apikey: queryText('apikey').optional() });

/** The path of DELETE /api/v1/orders/{orderId}. */
export const cancelOrderParams = z.object({
  orderId: queryText('orderId').regex(/^\d{1,18}$/, spotMessages.orderNotFound),
});
export const orderHistoryResponse = z.array(orderHistoryRow);

export const cancelOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order_id: z.string(),
  status: orderStatus,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;

/**
 * The private websocket /ws/private: the client sends {"op":"login","args":[{"token":"<jwt>"}]},
 * gets {"event":"login","code":"0"}, then subscribes with {"op":"subscribe","args":[{"channel":"orders"}]}
 * and receives {"arg":{"channel":"orders"},"data":[OrderUpdate]} on every change of its own orders,
 * and {"arg":{"channel":"fills"},"data":[FillUpdate]} for each of its fills.
 */
export const orderUpdate = orderHistoryRow;
export const fillUpdate = z.object({
  order_id: z.string(),
  trade_id: z.string(),
  coin_id: z.number().int(),
  symbol: z.string(),
  side: orderSide,
  price: decimalOut,
  amount: decimalOut,
  fee: decimalOut,
  fee_asset: z.string(),
  role: z.enum(['maker', 'taker']),
  ts: z.number().int(),
});
export type FillUpdate = z.infer<typeof fillUpdate>;
