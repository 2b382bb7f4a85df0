import { z } from 'zod';
import { jsonBody, oneOf, queryText } from './fields.js';
import { futuresLeverage, futuresSide, marginMode, triggerBy } from './futures.js';

/**
 * The position tools of issue 41: leverage per contract, side and margin mode; adding margin to or
 * removing it from an isolated position; take-profit and stop-loss on a position.
 */
export const positionToolsMessages = {
  contractRequired: 'contract is required',
  unknownContract: 'contract must be a futures contract such as BTC-USDT-SWAP',
  notIsolated: 'Margin can be added to or removed from an isolated position only',
  marginAmount: 'amount must be a USDT amount above 0 with at most 8 decimals',
  triggerRequired: 'Give a take-profit or a stop-loss trigger price',
  triggerPrice: (field: string) => `${field} must be a price above 0`,
  takeProfitSide: 'The take-profit must be above the mark or last price for a long and below it for a short',
  stopLossSide: 'The stop-loss must be below the mark or last price for a long and above it for a short',
  leverageSet: 'Leverage set',
  marginChanged: 'Margin changed',
  tpslSet: 'Take-profit and stop-loss set',
  tpslCleared: 'Take-profit and stop-loss removed',
  positionModeSet: 'Position mode set',
  positionModeBusy: 'Close every futures position and cancel every open futures order before changing the position mode',
  ordersOpen: 'Cancel the open orders that add to this position before changing its leverage',
} as const;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
const instIdField = queryText('contract', { required: positionToolsMessages.contractRequired, trim: true }).refine(
  (v) => /^[A-Za-z0-9]{2,10}-USDT-(SWAP|\d{6})$/.test(v),
  positionToolsMessages.unknownContract,
);

/** A price or amount in a JSON body: a decimal string or number, above 0, at most 8 decimals and 20 digits in all. */
const positiveAmount = (message: string) =>
  z
    .union([z.string(), z.number()], { error: () => message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => /^\d{1,20}(\.\d{1,8})?$/.test(v) && Number(v) > 0, message);

/** GET /api/v1/futures/leverage?contract= */
export const leverageQuery = z.object({ contract: instIdField });

/** One side and margin mode's leverage on a contract. */
export const leverageSetting = z.object({
  side: futuresSide,
  margin_mode: marginMode,
  leverage: z.number().int(),
  /** The most this side may use now: the contract's maximum, capped by the tier of the open position's size. */
  max_leverage: z.number().int(),
  /** The open position's size at entry, in USDT (0 when none is open). */
  position_notional: decimalOut,
});
export type LeverageSetting = z.infer<typeof leverageSetting>;

export const leverageResponse = z.object({
  inst_id: z.string(),
  /** The contract's maximum, whatever the size. */
  max_leverage: z.number().int(),
  settings: z.array(leverageSetting),
});
export type LeverageResponse = z.infer<typeof leverageResponse>;

/** PUT /api/v1/futures/leverage */
export const setLeverageBody = jsonBody({
  contract: instIdField,
  side: futuresSide,
  margin_mode: marginMode,
  leverage: futuresLeverage,
});
export type SetLeverageBody = z.infer<typeof setLeverageBody>;

export const setLeverageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  setting: leverageSetting,
  /** The open position re-margined at the new leverage, if one is open. */
  position_id: z.string().nullable(),
  margin: decimalOut.nullable(),
});
export type SetLeverageResponse = z.infer<typeof setLeverageResponse>;

export const positionIdParams = z.object({
  id: queryText('id', { trim: true }).refine((v) => /^\d{1,18}$/.test(v), 'id must be a position id'),
});

/** POST /api/v1/futures/positions/{id}/margin */
export const marginChangeBody = jsonBody({
  type: oneOf('type', ['add', 'reduce']),
  amount: positiveAmount(positionToolsMessages.marginAmount),
});
export type MarginChangeBody = z.input<typeof marginChangeBody>;

export const marginChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  position_id: z.string(),
  margin: decimalOut,
  liquidation_price: decimalOut.nullable(),
  /** What can still be removed now. */
  max_removable: decimalOut,
});
export type MarginChangeResponse = z.infer<typeof marginChangeResponse>;

/** PUT /api/v1/futures/positions/{id}/tpsl: an absent price leaves none on that side. */
export const tpslBody = jsonBody({
  tp_trigger_price: positiveAmount(positionToolsMessages.triggerPrice('tp_trigger_price')).optional(),
  sl_trigger_price: positiveAmount(positionToolsMessages.triggerPrice('sl_trigger_price')).optional(),
  trigger_by: triggerBy.default('mark'),
}).refine((b) => b.tp_trigger_price !== undefined || b.sl_trigger_price !== undefined, positionToolsMessages.triggerRequired);
export type TpslBody = z.input<typeof tpslBody>;

export const tpslResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  position_id: z.string(),
  take_profit: decimalOut.nullable(),
  stop_loss: decimalOut.nullable(),
  trigger_by: triggerBy,
});
export type TpslResponse = z.infer<typeof tpslResponse>;

/**
 * A user's position mode (issue 41): `hedge` keeps a long and a short position per contract (OKX's
 * long/short mode); `one_way` keeps one net position per contract and margin mode (OKX's net mode).
 */
export const positionMode = oneOf('position_mode', ['hedge', 'one_way']);
export type PositionMode = z.infer<typeof positionMode>;

/** PUT /api/v1/futures/position-mode */
export const setPositionModeBody = jsonBody({ position_mode: positionMode });
export type SetPositionModeBody = z.infer<typeof setPositionModeBody>;

/** GET and PUT /api/v1/futures/position-mode */
export const positionModeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  position_mode: positionMode,
});
export type PositionModeResponse = z.infer<typeof positionModeResponse>;
