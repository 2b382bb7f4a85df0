import { FUTURES_FEE_RATE, futuresMessages, type FuturesSide } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { addDecimals, multiplyDecimals, percentOfRate } from '../../../shared/format/decimal';
import { formatFixed, toNumber } from '../../../shared/format/number';
import { compareDecimals, isOnStep, maxBuyOnStep, stepDecimals } from '../../../shared/trading/steps';

/**
 * Balances show 8 decimals (spec 2 §9), as shared/format/balance.ts does; that module is not imported
 * here because a third page importing it split it into a chunk of its own, which pushed the landing
 * page's preload list over its size budget.
 */
export const BALANCE_DECIMALS = 8;
/** Cost (the margin) and fee carry 5 decimals, the spec's margin figure (spec 2 §9). */
export const MARGIN_DECIMALS = 5;
/** Exact intermediate results; the steps and the server carry no more. */
const SCALE = 18;
export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

function positive(value: string): boolean {
  const n = toNumber(value);
  return Number.isFinite(n) && n > 0;
}

/** A factor as digits with 4 decimals: 1/20 → "0.0500" (1 / leverage, a slider share times the leverage). */
function fourDecimals(value: number): string {
  return value.toFixed(4);
}

/** Price × amount, exactly; "0" until both are numbers. */
export function notional(price: string, amount: string): string {
  return multiplyDecimals(price || '0', amount || '0', SCALE) ?? '0';
}

/** The margin an order holds: price × amount / leverage (spec 2 §5, "cost"). */
export function orderCost(price: string, amount: string, leverage: number): string {
  return multiplyDecimals(notional(price, amount), fourDecimals(1 / leverage), SCALE) ?? '0';
}

/** The fee estimate: price × amount at the user's taker rate (spec 2 §5, §9: 0.05 %, every tier's rate until an operator sets another). */
export function orderFee(price: string, amount: string, takerRate: string = FUTURES_FEE_RATE): string {
  return multiplyDecimals(notional(price, amount), takerRate, SCALE) ?? '0';
}

/** A fee rate ("0.0005") as the figure of its percentage in the page's language ("0.05", "0,05"), every digit an operator set. */
export function feePercent(rate: string): string {
  const percent = percentOfRate(rate) ?? '0';
  return formatFixed(percent, Math.max(2, percent.split('.')[1]?.length ?? 0));
}

/** What opening the order takes from the futures wallet: margin plus the fee set aside at `reserveRate`, as the server holds it. */
export function marginNeeded(price: string, amount: string, leverage: number, reserveRate: string = FUTURES_FEE_RATE): string {
  const total = notional(price, amount);
  // The rate apart from 1 / leverage: an operator may set one with more decimals than four.
  return addDecimals(multiplyDecimals(total, fourDecimals(1 / leverage), SCALE) ?? '0', multiplyDecimals(total, reserveRate, SCALE) ?? '0') ?? '0';
}

/**
 * The slider's amount: `percent` (0–100, steps of 0.01) of the available USDT, times the leverage,
 * over the price, rounded down to the lot (spec 2 §5). The fee is set aside too, so 100 % is an order
 * the server accepts: amount × price × (1 / leverage + fee rate) never exceeds the share of the wallet.
 */
export function amountForPercent(percent: number, available: string, leverage: number, price: string, lot: string, reserveRate: string = FUTURES_FEE_RATE): string {
  if (!(percent > 0) || !positive(available) || !positive(price)) return '';
  const hundredths = Math.round(Math.min(100, percent) * 100);
  const share = multiplyDecimals(available, fourDecimals((hundredths * leverage) / 10_000), SCALE) ?? '0';
  const perCoin = multiplyDecimals(price, addDecimals(1, multiplyDecimals(leverage, reserveRate, SCALE) ?? '0') ?? '1', SCALE) ?? '0';
  const amount = maxBuyOnStep(share, perCoin, lot);
  return compareDecimals(amount, '0') > 0 ? amount : '';
}

/** Where the slider sits for a typed amount (0–100, two decimals), so it follows the field. */
export function percentForAmount(amount: string, available: string, leverage: number, price: string, reserveRate: string = FUTURES_FEE_RATE): number {
  const need = toNumber(marginNeeded(price, amount, leverage, reserveRate));
  const have = toNumber(available);
  if (!(need > 0) || !(have > 0)) return 0;
  return Math.min(100, Math.round((need / have) * 10_000) / 100);
}

export interface FuturesTradeInput {
  signedIn: boolean;
  uid: number | null;
  action: 'open' | 'close';
  side: FuturesSide;
  amount: string;
  /** The limit price, or the mark (last) price a market order is costed at. */
  price: string;
  /** Only with the TP/SL order type; empty when not set. */
  takeProfit: string;
  stopLoss: string;
  leverage: number;
  /** The futures wallet's USDT; null while unknown, when the margin is left to the server's check. */
  available: string | null;
  lot: string;
  /** The fee rate an opening order's hold sets aside (the higher of the user's maker and taker rates). */
  reserveRate?: string;
}

/** A text of the contract, or the web's own wording where the contract builds its text from values. */
export type FuturesProblem = string | MessageDescriptor;

/** The first failing rule of spec 2 §5 in its order (then the server's own checks), or null when the order may go. */
export function validateFuturesTrade(input: FuturesTradeInput): FuturesProblem | null {
  if (!input.signedIn) return futuresMessages.authRequired;
  if (input.uid === null) return futuresMessages.userIdRequired;
  if (!positive(input.amount)) return futuresMessages.invalidAmount;
  if (input.action === 'close') return isOnStep(input.amount, input.lot) ? null : lotProblem(input.lot);
  if (!positive(input.price)) return futuresMessages.invalidPrice;
  if (input.takeProfit !== '' && !positive(input.takeProfit)) return msg`Take-profit must be a price above 0`;
  if (input.stopLoss !== '' && !positive(input.stopLoss)) return msg`Stop-loss must be a price above 0`;
  // A long takes profit above its entry and stops below it; a short the other way round.
  const above = input.side === 'long' ? 1 : -1;
  if (input.takeProfit !== '' && compareDecimals(input.takeProfit, input.price) !== above) return futuresMessages.takeProfitSide;
  if (input.stopLoss !== '' && compareDecimals(input.stopLoss, input.price) !== -above) return futuresMessages.stopLossSide;
  if (!isOnStep(input.amount, input.lot)) return lotProblem(input.lot);
  const needed = marginNeeded(input.price, input.amount, input.leverage, input.reserveRate);
  if (input.available !== null && compareDecimals(needed, input.available) > 0) {
    const need = formatFixed(needed, MARGIN_DECIMALS);
    const have = formatFixed(input.available, MARGIN_DECIMALS);
    return msg`Insufficient margin: this order needs ${need} USDT (margin and fee) and your futures wallet has ${have} USDT available`;
  }
  return null;
}

function lotProblem(step: string): MessageDescriptor {
  const lot = formatFixed(step, stepDecimals(step), false);
  return msg`Amount must be a multiple of ${lot}`;
}

/** The calculator's leverage choices: marks along 1 to the contract's maximum. */
export const LEVERAGE_MARKS = [1, 10, 20, 50, 100, 125] as const;

/** A typed leverage as a whole number within 1..max, or null when it is none. */
export function parseLeverage(text: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}
