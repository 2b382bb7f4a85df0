import { FUTURES_FEE_RATE, futuresMessages, type FuturesSide } from '@exchange/contract';
import { compareDecimals, toFixedDecimal } from '../../../shared/format/decimal';

/** What the close dialog knows of the position. */
export interface ClosePreviewInput {
  side: FuturesSide;
  /** Open size in the coin. */
  size: string;
  /** Size-weighted average entry. */
  entryPrice: number;
  margin: number;
  /** The part to close, in the coin (already on the lot grid). */
  amount: string;
  /** The price the close is expected at: the mark at market, the limit otherwise. */
  price: number;
  feeRate?: number;
}

export interface ClosePreview {
  notional: number;
  /** Profit or loss on the part closed, at the position's average entry. */
  pnl: number;
  /** The close's fee: notional × the taker rate, rounded up as the server books it. */
  fee: number;
  /** What the close realises after its fee: pnl − fee. */
  result: number;
  /** The part's margin plus the result: what comes back to the wallet. */
  returned: number;
  /** The result over the part's margin, in percent. */
  returnPercent: number;
}

const MONEY_PLACES = 1e8;

/**
 * The close dialog's preview: fee and expected result before confirming, as the server books a
 * closing fill (docs/futures.md): profit on the part closed at the average entry, the fee on its
 * notional apart. null when the amount is not a part of the position or the price is unknown.
 */
export function closePreview({ side, size, entryPrice, margin, amount, price, feeRate = Number(FUTURES_FEE_RATE) }: ClosePreviewInput): ClosePreview | null {
  const qty = Number(amount);
  const open = Number(size);
  if (!(qty > 0) || !(open > 0) || !(price > 0) || !(entryPrice > 0) || compareDecimals(amount, size) === 1) return null;
  const notional = price * qty;
  const pnl = (price - entryPrice) * qty * (side === 'long' ? 1 : -1);
  const fee = Math.ceil(notional * feeRate * MONEY_PLACES - 1e-6) / MONEY_PLACES;
  const result = pnl - fee;
  const marginShare = (margin * qty) / open;
  return { notional, pnl, fee, result, returned: marginShare + result, returnPercent: marginShare > 0 ? (result / marginShare) * 100 : 0 };
}

/** `percent` of the open size on the lot grid, rounded down; all of it at 100 %. */
export function closeAmountOf(size: string, percent: number, lot: string): string {
  if (percent >= 100) return size;
  const places = lot.includes('.') ? (lot.split('.')[1] ?? '').length : 0;
  const lots = Math.floor((Number(size) * percent) / 100 / Number(lot) + 1e-9);
  return toFixedDecimal(lots * Number(lot), places) ?? '0';
}

/**
 * A close order's take-profit and stop-loss are set on what of the position it leaves, so each must
 * be on its side of the position's average entry, as the server checks them: the contract's text
 * of the first that is not, or null ("" is none).
 */
export function closeTriggerProblem(side: FuturesSide, entryPrice: string | null, takeProfit: string, stopLoss: string): string | null {
  if (entryPrice === null) return null;
  const above = side === 'long' ? 1 : -1;
  if (takeProfit !== '' && compareDecimals(takeProfit, entryPrice) !== above) return futuresMessages.takeProfitSide;
  if (stopLoss !== '' && compareDecimals(stopLoss, entryPrice) !== -above) return futuresMessages.stopLossSide;
  return null;
}
