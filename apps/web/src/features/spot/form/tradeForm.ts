import { MARKET_BUY_SLIPPAGE_BPS, spotMessages, type ExecutionType, type OrderSide } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { multiplyDecimals } from '../../../shared/format/decimal';
import { formatFixed, toNumber } from '../../../shared/format/number';
import { compareDecimals, floorToStep, isOnStep, maxBuyOnStep, shareOnStep, stepDecimals } from '../../../shared/trading/steps';

/** Amounts and totals on the spot page carry 5 decimals (spec 1 §9). */
export const AMOUNT_DECIMALS = 5;
/** 'Max price' is the price plus 5 % (spec 1 §9): the server's protection limit of a market buy. */
export const MAX_PRICE_FACTOR = 1 + MARKET_BUY_SLIPPAGE_BPS / 10_000;
export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** USDT balances show 5 decimals too, rounded down so the figure is never more than is there. */
const USDT_STEP = '0.00001';

function positive(value: string | number): number {
  const n = toNumber(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The most the user can order: max sell is the coin's spot balance rounded down to the lot; max buy
 * is the USDT spot balance / price rounded down to the lot (spec 1 §5, on the grid the server checks).
 * The server holds no USDT for a buyer's fee (it is taken in the coin received), so none is set aside.
 */
export function maxAmount(side: OrderSide, price: string, usdtBalance: string, cryptoBalance: string, lot: string): string {
  return side === 'sell' ? floorToStep(cryptoBalance, lot) : maxBuyOnStep(usdtBalance, price, lot);
}

/** An amount on the lot with the spec's 5 decimals, or the lot's own when it has more; nothing is rounded. */
export function formatLotAmount(value: string, lot: string, grouping = true): string {
  return formatFixed(value, Math.max(AMOUNT_DECIMALS, stepDecimals(lot)), grouping);
}

/** The balance the form shows as available: never rounded up, and for a sell exactly what can be sold. */
export function availableText(side: OrderSide, usdtBalance: string, cryptoBalance: string, lot: string): string {
  return side === 'sell' ? formatLotAmount(floorToStep(cryptoBalance, lot), lot) : formatLotAmount(floorToStep(usdtBalance, USDT_STEP), USDT_STEP);
}

/** The slider's share (0–100) of the max on the lot; 0 % clears the field and 100 % is the max itself. */
export function amountForPercent(percent: number, max: string, lot: string): string {
  if (percent <= 0 || compareDecimals(max, '0') <= 0) return '';
  return shareOnStep(max, percent, lot);
}

/** Where the slider sits for a typed amount, so it follows the field. */
export function percentForAmount(amount: string, max: string): number {
  const a = positive(amount);
  const m = positive(max);
  if (m <= 0 || a <= 0) return 0;
  return Math.min(100, Math.round((a / m) * 100));
}

/** Amount × price to 5 decimals, exact; "0.00000" until both are numbers. */
export function orderTotal(amount: string, price: string): string {
  return multiplyDecimals(amount || '0', price || '0', AMOUNT_DECIMALS) ?? (0).toFixed(AMOUNT_DECIMALS);
}

export function maxPrice(price: string): number {
  return positive(price) * MAX_PRICE_FACTOR;
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
  /** The coin's amount step. */
  lot: string;
}

/**
 * Why an order may not be sent: a text of the contract, or the web's own wording where the contract
 * builds its text from values (the web words those itself, so they can be translated).
 */
export type TradeProblem = string | MessageDescriptor;

/** The first failing rule of spec 1 §5 in its order, or null when the order may be sent. */
export function validateTrade(input: TradeInput): TradeProblem | null {
  if (!input.signedIn) return spotMessages.loginToTrade;
  if (!(positive(input.amount) > 0)) return spotMessages.invalidAmount;
  if (!(positive(input.price) > 0)) return spotMessages.invalidPrice;
  if (input.executionType === 'stop-limit' && !(positive(input.stopPrice) > 0)) return spotMessages.invalidStopPrice;
  if (!isOnStep(input.amount, input.lot)) {
    const lot = formatFixed(input.lot, stepDecimals(input.lot), false);
    return msg`Amount must be a multiple of ${lot}`;
  }
  const max = maxAmount(input.side, input.price, input.usdtBalance, input.cryptoBalance, input.lot);
  if (compareDecimals(input.amount, max) > 0) {
    const most = formatLotAmount(max, input.lot, false);
    return input.side === 'buy' ? msg`Insufficient balance. Max buy amount: ${most}` : msg`Insufficient balance. Max sell amount: ${most}`;
  }
  return null;
}
