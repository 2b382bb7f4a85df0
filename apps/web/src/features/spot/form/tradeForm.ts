import { spotMessages, type ExecutionType, type OrderSide } from '@exchange/contract';
import { multiplyDecimals } from '../../../shared/format/decimal';
import { formatAmount, toNumber } from '../../../shared/format/number';

/** Amounts and totals on the spot page carry 5 decimals (spec 1 §9). */
export const AMOUNT_DECIMALS = 5;
/** 'Max price' is the price plus 5 % (spec 1 §9). */
export const MAX_PRICE_FACTOR = 1.05;
export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

const SCALE = 10 ** AMOUNT_DECIMALS;

function positive(value: string | number): number {
  const n = toNumber(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Rounded down, so an amount derived from the balance never asks for more than the balance. */
function floorAmount(value: number): number {
  return Math.floor(value * SCALE + 1e-9) / SCALE;
}

/** Max buy = USDT spot balance / price; max sell = the coin's spot balance (spec 1 §5). */
export function maxAmount(side: OrderSide, price: string, usdtBalance: string, cryptoBalance: string): number {
  if (side === 'sell') return floorAmount(positive(cryptoBalance));
  const p = positive(price);
  return p > 0 ? floorAmount(positive(usdtBalance) / p) : 0;
}

/** The slider's share (0–100) of the max as an amount string; 0 % clears the field. */
export function amountForPercent(percent: number, max: number): string {
  if (percent <= 0 || max <= 0) return '';
  return floorAmount((max * Math.min(percent, 100)) / 100).toFixed(AMOUNT_DECIMALS);
}

/** Where the slider sits for a typed amount, so it follows the field. */
export function percentForAmount(amount: string, max: number): number {
  const a = positive(amount);
  if (max <= 0 || a <= 0) return 0;
  return Math.min(100, Math.round((a / max) * 100));
}

/** Amount × price to 5 decimals, exact; "0.00000" until both are numbers. */
export function orderTotal(amount: string, price: string): string {
  return multiplyDecimals(amount || '0', price || '0', AMOUNT_DECIMALS) ?? (0).toFixed(AMOUNT_DECIMALS);
}

export function maxPrice(price: string): number {
  return positive(price) * MAX_PRICE_FACTOR;
}

/** Digits with one optional decimal point; anything else is refused, keeping the previous value. */
export function acceptAmountInput(next: string, previous: string): string {
  return /^\d*\.?\d*$/.test(next) ? next : previous;
}

export interface TradeInput {
  signedIn: boolean;
  side: OrderSide;
  executionType: ExecutionType;
  amount: string;
  price: string;
  stopPrice: string;
  usdtBalance: string;
  cryptoBalance: string;
}

/** The first failing rule of spec 1 §5 in its order, or null when the order may be sent. */
export function validateTrade(input: TradeInput): string | null {
  if (!input.signedIn) return spotMessages.loginToTrade;
  if (!(positive(input.amount) > 0)) return spotMessages.invalidAmount;
  if (!(positive(input.price) > 0)) return spotMessages.invalidPrice;
  if (input.executionType === 'stop-limit' && !(positive(input.stopPrice) > 0)) return spotMessages.invalidStopPrice;
  const max = maxAmount(input.side, input.price, input.usdtBalance, input.cryptoBalance);
  if (toNumber(input.amount) > max) return spotMessages.maxExceeded(input.side, formatAmount(max, false));
  return null;
}
