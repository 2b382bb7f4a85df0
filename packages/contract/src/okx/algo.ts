import { z } from 'zod';
import { queryText } from '../fields.js';
import { OKX_PARAM_MAX_LENGTH } from './public.js';
import { okxCancelOrderBody, OKX_BATCH_MAX } from './trade.js';

/**
 * OKX v5's algo orders and the order calls beyond place and cancel (issue 42): stop-loss and
 * take-profit (`conditional`, `oco`), `trigger`, amend, cancel in bulk, the dead-man's switch.
 * Field names and shapes as OKX documents them ("Order Book Trading > Algo Trading" and "Trade").
 */

const instId = z.string().min(1, 'instId can not be empty').max(OKX_PARAM_MAX_LENGTH, 'instId is too long');
/** OKX's client algo id: letters and digits, up to 32 (empty: none). */
const algoClOrdId = z
  .string()
  .regex(/^[A-Za-z0-9]{0,32}$/, 'algoClOrdId must be up to 32 letters and digits')
  .optional();
const tag = z
  .string()
  .regex(/^[A-Za-z0-9]{0,16}$/, 'tag must be up to 16 letters and digits')
  .optional();
const digits = (label: string) =>
  z
    .string()
    .regex(/^\d{0,20}$/, `${label} must be digits`)
    .optional();
/** A JSON number from other clients, a string from ccxt. */
const asText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value);
const decimal = (label: string) => z.preprocess(asText, z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, `${label} must be a positive decimal`));
/** An order price of an algo order: a decimal, or "-1" for a market order once triggered. */
const orderPx = (label: string) =>
  z
    .preprocess(asText, z.string().regex(/^(-1|\d{1,20}(\.\d{1,18})?)?$/, `${label} must be a positive decimal or -1`))
    .optional();
const pxType = z.enum(['last', 'index', 'mark', '']).optional();

export const OKX_ALGO_ORD_TYPES = ['conditional', 'oco', 'trigger'] as const;
export type OkxAlgoOrdType = (typeof OKX_ALGO_ORD_TYPES)[number];

/** POST /api/v5/trade/order-algo: a stop-loss / take-profit (conditional, oco) or a trigger order. */
export const okxAlgoOrderBody = z.object({
  instId,
  tdMode: z.enum(['cash', 'isolated', 'cross', 'spot_isolated']),
  side: z.enum(['buy', 'sell']),
  ordType: z.enum(OKX_ALGO_ORD_TYPES),
  sz: decimal('sz'),
  tgtCcy: z.enum(['base_ccy', 'quote_ccy', '']).optional(),
  algoClOrdId,
  /** ccxt sends its client id as clOrdId on this call too; it stands for algoClOrdId. */
  clOrdId: algoClOrdId,
  tag,
  ccy: z.string().max(20).optional(),
  posSide: z.enum(['long', 'short', 'net', '']).optional(),
  reduceOnly: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  tpTriggerPx: orderPx('tpTriggerPx'),
  tpOrdPx: orderPx('tpOrdPx'),
  tpTriggerPxType: pxType,
  slTriggerPx: orderPx('slTriggerPx'),
  slOrdPx: orderPx('slOrdPx'),
  slTriggerPxType: pxType,
  triggerPx: orderPx('triggerPx'),
  orderPx: orderPx('orderPx'),
  triggerPxType: pxType,
});
export type OkxAlgoOrderBody = z.infer<typeof okxAlgoOrderBody>;

/** OKX takes at most 10 algo orders per cancel-algos call. */
export const OKX_CANCEL_ALGOS_MAX = 10;
/** POST /api/v5/trade/cancel-algos: each algo order by algoId or algoClOrdId. */
export const okxCancelAlgosBody = z
  .array(z.object({ instId, algoId: digits('algoId'), algoClOrdId }))
  .min(1, 'at least one algo order')
  .max(OKX_CANCEL_ALGOS_MAX, `at most ${OKX_CANCEL_ALGOS_MAX} algo orders`);
export type OkxCancelAlgoItem = z.infer<typeof okxCancelAlgosBody>[number];

/** OKX's answer per algo order of order-algo and cancel-algos. */
export const okxAlgoAck = z.object({
  algoId: z.string(),
  clOrdId: z.string(),
  algoClOrdId: z.string(),
  tag: z.string(),
  sCode: z.string(),
  sMsg: z.string(),
});
export type OkxAlgoAck = z.infer<typeof okxAlgoAck>;

const param = (label: string) =>
  queryText(label)
    .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, { message: `${label} must be at most ${OKX_PARAM_MAX_LENGTH} characters` })
    .optional();

/** GET /api/v5/trade/order-algo. */
export const okxAlgoQuery = z.object({ algoId: param('algoId'), algoClOrdId: param('algoClOrdId') });
/** GET /api/v5/trade/orders-algo-pending and /trade/orders-algo-history: `after` pages to older algoIds, `before` to newer. */
export const okxAlgoListQuery = z.object({
  ordType: param('ordType'),
  state: param('state'),
  algoId: param('algoId'),
  algoClOrdId: param('algoClOrdId'),
  instType: param('instType'),
  instId: param('instId'),
  after: param('after'),
  before: param('before'),
  limit: param('limit'),
});
export type OkxAlgoListQuery = z.infer<typeof okxAlgoListQuery>;

export const OKX_ALGO_STATES = ['live', 'effective', 'canceled', 'order_failed'] as const;
export type OkxAlgoState = (typeof OKX_ALGO_STATES)[number];

/** An algo order as OKX lists it (the fields ccxt's parseOrder reads, OKX's others empty). */
export const okxAlgoOrder = z.object({
  instType: z.string(),
  instId: z.string(),
  ccy: z.string(),
  algoId: z.string(),
  algoClOrdId: z.string(),
  clOrdId: z.string(),
  ordId: z.string(),
  ordIdList: z.array(z.string()),
  sz: z.string(),
  ordType: z.enum(OKX_ALGO_ORD_TYPES),
  side: z.string(),
  posSide: z.string(),
  tdMode: z.string(),
  tgtCcy: z.string(),
  state: z.enum(OKX_ALGO_STATES),
  lever: z.string(),
  tpTriggerPx: z.string(),
  tpTriggerPxType: z.string(),
  tpOrdPx: z.string(),
  slTriggerPx: z.string(),
  slTriggerPxType: z.string(),
  slOrdPx: z.string(),
  triggerPx: z.string(),
  triggerPxType: z.string(),
  ordPx: z.string(),
  actualSz: z.string(),
  actualPx: z.string(),
  actualSide: z.string(),
  triggerTime: z.string(),
  failCode: z.string(),
  reduceOnly: z.string(),
  tag: z.string(),
  cTime: z.string(),
  uTime: z.string(),
});
export type OkxAlgoOrder = z.infer<typeof okxAlgoOrder>;

/** POST /api/v5/trade/amend-order: a live order's new size (including what filled) and/or price. */
export const okxAmendOrderBody = z.object({
  instId,
  ordId: digits('ordId'),
  clOrdId: algoClOrdId,
  reqId: algoClOrdId,
  newSz: decimal('newSz').optional(),
  newPx: decimal('newPx').optional(),
  cxlOnFail: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type OkxAmendOrderBody = z.infer<typeof okxAmendOrderBody>;

/** OKX's answer per amended order. */
export const okxAmendAck = z.object({ ordId: z.string(), clOrdId: z.string(), reqId: z.string(), ts: z.string(), sCode: z.string(), sMsg: z.string() });
export type OkxAmendAck = z.infer<typeof okxAmendAck>;

/**
 * POST /api/v5/trade/amend-algos: a live conditional, oco or trigger order's new size and/or
 * triggers and order prices (a trigger's with its order price, as OKX pairs them).
 */
export const okxAmendAlgoBody = z.object({
  instId,
  algoId: digits('algoId'),
  algoClOrdId,
  reqId: algoClOrdId,
  cxlOnFail: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  newSz: decimal('newSz').optional(),
  newTpTriggerPx: orderPx('newTpTriggerPx'),
  newTpOrdPx: orderPx('newTpOrdPx'),
  newTpTriggerPxType: pxType,
  newSlTriggerPx: orderPx('newSlTriggerPx'),
  newSlOrdPx: orderPx('newSlOrdPx'),
  newSlTriggerPxType: pxType,
  newTriggerPx: orderPx('newTriggerPx'),
  newOrdPx: orderPx('newOrdPx'),
  newTriggerPxType: pxType,
});
export type OkxAmendAlgoBody = z.infer<typeof okxAmendAlgoBody>;

/** OKX's answer per amended algo order. */
export const okxAmendAlgoAck = z.object({ algoId: z.string(), algoClOrdId: z.string(), reqId: z.string(), sCode: z.string(), sMsg: z.string() });
export type OkxAmendAlgoAck = z.infer<typeof okxAmendAlgoAck>;

/** POST /api/v5/trade/cancel-batch-orders: up to 20 orders, each as cancel-order's body. */
export const okxCancelBatchBody = z
  .array(okxCancelOrderBody)
  .min(1, 'at least one order')
  .max(OKX_BATCH_MAX, `at most ${OKX_BATCH_MAX} orders`);

/** POST /api/v5/trade/cancel-all-after: seconds, 0 (off) or 10 to 120. */
export const okxCancelAllAfterBody = z.object({
  timeOut: z.preprocess(asText, z.string().regex(/^\d{1,3}$/, 'timeOut must be whole seconds')),
  tag,
});
export const okxCancelAllAfterAnswer = z.object({ triggerTime: z.string(), tag: z.string(), ts: z.string() });

const envelope = <T extends z.ZodTypeAny>(row: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(row) });
export const okxAlgoAckResponse = envelope(okxAlgoAck);
export const okxAlgoOrdersResponse = envelope(okxAlgoOrder);
export const okxAmendAckResponse = envelope(okxAmendAck);
export const okxAmendAlgoAckResponse = envelope(okxAmendAlgoAck);
export const okxCancelAllAfterResponse = envelope(okxCancelAllAfterAnswer);
