import { z } from 'zod';
import { queryText } from '../fields.js';
import { OKX_PARAM_MAX_LENGTH } from './public.js';

/**
 * OKX v5's perpetual and delivery contract calls (issue 42): positions, leverage and closing a
 * position, with OKX's field names and string numbers, because ccxt's okx class reads them
 * unchanged. Our futures are OKX's long/short (hedge) mode: `posSide` is long or short.
 */

const param = (label: string) =>
  queryText(label)
    .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, { message: `${label} must be at most ${OKX_PARAM_MAX_LENGTH} characters` })
    .optional();
const instId = z.string().min(1, 'instId can not be empty').max(OKX_PARAM_MAX_LENGTH, 'instId is too long');
const mgnMode = z.enum(['isolated', 'cross']);
/** `net` is OKX's one-way mode: the handlers refuse it with OKX's code, as OKX does in long/short mode. */
const posSide = z.enum(['long', 'short', 'net', '']).optional();

/** GET /api/v5/account/positions: `instId` may list up to 10 instruments, comma-separated. */
export const okxPositionsQuery = z.object({ instType: param('instType'), instId: param('instId'), posId: param('posId') });
export type OkxPositionsQuery = z.infer<typeof okxPositionsQuery>;

/** An open position as OKX shows it (the fields ccxt's parsePosition reads; OKX's option greeks left out). */
export const okxPosition = z.object({
  instType: z.string(),
  instId: z.string(),
  mgnMode: z.string(),
  posId: z.string(),
  posSide: z.string(),
  pos: z.string(),
  posCcy: z.string(),
  availPos: z.string(),
  avgPx: z.string(),
  markPx: z.string(),
  upl: z.string(),
  uplRatio: z.string(),
  lever: z.string(),
  liqPx: z.string(),
  imr: z.string(),
  margin: z.string(),
  mgnRatio: z.string(),
  mmr: z.string(),
  notionalUsd: z.string(),
  ccy: z.string(),
  last: z.string(),
  realizedPnl: z.string(),
  fee: z.string(),
  fundingFee: z.string(),
  tpTriggerPx: z.string(),
  slTriggerPx: z.string(),
  adl: z.string(),
  cTime: z.string(),
  uTime: z.string(),
});
export type OkxPosition = z.infer<typeof okxPosition>;

/** GET /api/v5/account/positions-history: `after` older than this uTime (ms), `before` newer. */
export const okxPositionsHistoryQuery = z.object({
  instType: param('instType'),
  instId: param('instId'),
  mgnMode: param('mgnMode'),
  type: param('type'),
  posId: param('posId'),
  after: param('after'),
  before: param('before'),
  limit: param('limit'),
});
export type OkxPositionsHistoryQuery = z.infer<typeof okxPositionsHistoryQuery>;

/** A closed position: `type` 2 closed in full, 3 liquidated. */
export const okxPositionHistory = z.object({
  instType: z.string(),
  instId: z.string(),
  mgnMode: z.string(),
  type: z.string(),
  posId: z.string(),
  posSide: z.string(),
  direction: z.string(),
  lever: z.string(),
  openAvgPx: z.string(),
  closeAvgPx: z.string(),
  openMaxPos: z.string(),
  closeTotalPos: z.string(),
  realizedPnl: z.string(),
  pnl: z.string(),
  pnlRatio: z.string(),
  fee: z.string(),
  fundingFee: z.string(),
  liqPenalty: z.string(),
  ccy: z.string(),
  cTime: z.string(),
  uTime: z.string(),
});
export type OkxPositionHistory = z.infer<typeof okxPositionHistory>;

/** A whole number of leverage as OKX takes it: a string, or the JSON number ccxt sends. */
const lever = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z.string().regex(/^\d{1,3}(\.0+)?$/, 'lever must be a whole number'),
);

/** POST /api/v5/account/set-leverage: cross without posSide sets both sides; isolated names its side. */
export const okxSetLeverageBody = z.object({ instId, lever, mgnMode, posSide, ccy: z.string().max(20).optional() });
export type OkxSetLeverageBody = z.infer<typeof okxSetLeverageBody>;

/** POST /api/v5/account/set-position-mode: long/short (hedge) or net (one-way) mode for the whole account. */
export const okxSetPositionModeBody = z.object({ posMode: z.enum(['long_short_mode', 'net_mode'], { error: () => 'posMode must be long_short_mode or net_mode' }) });
export type OkxSetPositionModeBody = z.infer<typeof okxSetPositionModeBody>;

/** GET /api/v5/account/leverage-info: up to 20 instruments, comma-separated. */
export const okxLeverageInfoQuery = z.object({ instId: param('instId'), mgnMode: param('mgnMode') });
export type OkxLeverageInfoQuery = z.infer<typeof okxLeverageInfoQuery>;

export const okxLeverage = z.object({ instId: z.string(), mgnMode: z.string(), posSide: z.string(), lever: z.string() });
export type OkxLeverage = z.infer<typeof okxLeverage>;

/** POST /api/v5/trade/close-position: the whole position of one side and margin mode, at market. */
export const okxClosePositionBody = z.object({
  instId,
  mgnMode,
  posSide,
  ccy: z.string().max(20).optional(),
  autoCxl: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  clOrdId: z
    .string()
    .regex(/^[A-Za-z0-9]{0,32}$/, 'clOrdId must be up to 32 letters and digits')
    .optional(),
  tag: z
    .string()
    .regex(/^[A-Za-z0-9]{0,16}$/, 'tag must be up to 16 letters and digits')
    .optional(),
});
export type OkxClosePositionBody = z.infer<typeof okxClosePositionBody>;

export const okxClosedPosition = z.object({ instId: z.string(), posSide: z.string(), clOrdId: z.string(), tag: z.string() });

const envelope = <T extends z.ZodTypeAny>(row: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(row) });
export const okxPositionsResponse = envelope(okxPosition);
export const okxPositionsHistoryResponse = envelope(okxPositionHistory);
export const okxLeverageResponse = envelope(okxLeverage);
export const okxPositionModeResponse = envelope(z.object({ posMode: z.string() }));
export const okxClosePositionResponse = envelope(okxClosedPosition);
