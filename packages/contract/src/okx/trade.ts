import { z } from 'zod';
import { queryText } from '../fields.js';
import { OKX_PARAM_MAX_LENGTH } from './public.js';

/**
 * OKX v5's trade calls (issue 42): place, cancel and read orders and fills with a signed key. Field
 * names, string numbers and shapes as OKX documents them ("Order Book Trading > Trade"), because
 * ccxt's okx class reads them unchanged. Amounts stay strings: the handlers put them on the coin's
 * grid and answer a wrong one with OKX's per-order `sCode`.
 */

/** OKX's client order id: letters and digits, 1 to 32 (empty: none). */
export const okxClOrdId = z.string().regex(/^[A-Za-z0-9]{0,32}$/, 'clOrdId must be up to 32 letters and digits');
const clOrdId = okxClOrdId.optional();
/** OKX's order tag: letters and digits, up to 16. */
export const okxTag = z.string().regex(/^[A-Za-z0-9]{0,16}$/, 'tag must be up to 16 letters and digits');
const tag = okxTag.optional();
/** An order id as we issue them (digits). */
const ordId = z
  .string()
  .regex(/^\d{0,20}$/, 'ordId must be digits')
  .optional();
// Refinements, not min/max: zod's length checks also run on a value that failed the type (an object with its own `length`).
const instId = z
  .string()
  .refine((value) => value.length > 0, 'instId can not be empty')
  .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, 'instId is too long');
/** A positive decimal as OKX sends it: a string (ccxt's), or a JSON number from other clients. */
const decimal = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, `${label} must be a positive decimal`),
  );

export const OKX_ORD_TYPES = ['market', 'limit', 'post_only', 'fok', 'ioc'] as const;
export type OkxOrdType = (typeof OKX_ORD_TYPES)[number];

/** POST /api/v5/trade/order, and each element of /trade/batch-orders. */
export const okxPlaceOrderBody = z.object({
  instId,
  tdMode: z.enum(['cash', 'isolated', 'cross', 'spot_isolated']),
  side: z.enum(['buy', 'sell']),
  ordType: z.enum(OKX_ORD_TYPES),
  sz: decimal('sz'),
  px: z.union([decimal('px'), z.literal('')]).optional(),
  clOrdId,
  tag,
  /** Spot market orders: what `sz` counts; ccxt sends base_ccy. */
  tgtCcy: z.enum(['base_ccy', 'quote_ccy', '']).optional(),
  ccy: z
    .string()
    .refine((value) => value.length <= 20, 'ccy is too long')
    .optional(),
  posSide: z.enum(['long', 'short', 'net', '']).optional(),
  reduceOnly: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type OkxPlaceOrderBody = z.infer<typeof okxPlaceOrderBody>;

/** OKX takes at most 20 orders per batch call. */
export const OKX_BATCH_MAX = 20;
/** POST /api/v5/trade/batch-orders: ccxt's default for createOrder, one order in an array. */
export const okxBatchOrdersBody = z.array(okxPlaceOrderBody).min(1, 'at least one order').max(OKX_BATCH_MAX, `at most ${OKX_BATCH_MAX} orders`);

/** POST /api/v5/trade/cancel-order: the order by ordId or by clOrdId. */
export const okxCancelOrderBody = z.object({ instId, ordId, clOrdId });
export type OkxCancelOrderBody = z.infer<typeof okxCancelOrderBody>;

const param = (label: string) =>
  queryText(label)
    .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, { message: `${label} must be at most ${OKX_PARAM_MAX_LENGTH} characters` })
    .optional();

/** GET /api/v5/trade/order. */
export const okxOrderQuery = z.object({ instId: param('instId'), ordId: param('ordId'), clOrdId: param('clOrdId') });
/**
 * GET /api/v5/trade/orders-pending, /trade/orders-history, /trade/fills and /trade/fills-history:
 * `after` pages to older rows (ordId or billId), `before` to newer ones, `begin` and `end` are ms.
 */
export const okxTradeListQuery = z.object({
  instType: param('instType'),
  instId: param('instId'),
  ordType: param('ordType'),
  state: param('state'),
  ordId: param('ordId'),
  after: param('after'),
  before: param('before'),
  begin: param('begin'),
  end: param('end'),
  limit: param('limit'),
});
export type OkxTradeListQuery = z.infer<typeof okxTradeListQuery>;

/** OKX's answer per order of a place or cancel call: `sCode` "0" or the refusal's code. */
export const okxOrderAck = z.object({
  ordId: z.string(),
  clOrdId: z.string(),
  tag: z.string(),
  ts: z.string(),
  sCode: z.string(),
  sMsg: z.string(),
});
export type OkxOrderAck = z.infer<typeof okxOrderAck>;

/** OKX's order as GET /trade/order and the lists show it (the fields ccxt's parseOrder reads, and OKX's other ones empty). */
export const okxOrder = z.object({
  instType: z.string(),
  instId: z.string(),
  ordId: z.string(),
  clOrdId: z.string(),
  tag: z.string(),
  px: z.string(),
  sz: z.string(),
  ordType: z.string(),
  side: z.string(),
  posSide: z.string(),
  tdMode: z.string(),
  tgtCcy: z.string(),
  accFillSz: z.string(),
  fillPx: z.string(),
  fillSz: z.string(),
  tradeId: z.string(),
  fillTime: z.string(),
  avgPx: z.string(),
  state: z.enum(['live', 'partially_filled', 'filled', 'canceled']),
  lever: z.string(),
  fee: z.string(),
  feeCcy: z.string(),
  rebate: z.string(),
  rebateCcy: z.string(),
  pnl: z.string(),
  category: z.string(),
  reduceOnly: z.string(),
  cancelSource: z.string(),
  source: z.string(),
  stpMode: z.string(),
  slTriggerPx: z.string(),
  tpTriggerPx: z.string(),
  uTime: z.string(),
  cTime: z.string(),
});
export type OkxOrder = z.infer<typeof okxOrder>;

/** OKX's fill (transaction detail): `fee` negative when charged, `execType` T(aker) or M(aker). */
export const okxFill = z.object({
  instType: z.string(),
  instId: z.string(),
  tradeId: z.string(),
  ordId: z.string(),
  clOrdId: z.string(),
  billId: z.string(),
  tag: z.string(),
  fillPx: z.string(),
  fillSz: z.string(),
  side: z.string(),
  posSide: z.string(),
  execType: z.enum(['T', 'M']),
  feeCcy: z.string(),
  fee: z.string(),
  ts: z.string(),
  fillTime: z.string(),
});
export type OkxFill = z.infer<typeof okxFill>;

const envelope = <T extends z.ZodTypeAny>(row: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(row) });
/** Place and cancel: code "0", or "1" (every order refused) with each order's sCode, or "2" (some refused). */
export const okxOrderAckResponse = envelope(okxOrderAck);
export const okxOrdersResponse = envelope(okxOrder);
export const okxFillsResponse = envelope(okxFill);
