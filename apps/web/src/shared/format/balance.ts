import { numberFormat, toNumber, type NumericInput } from './number';
import { isSmallValue, SMALL_VALUE_DECIMALS } from './price';

/** Spec 3 §9: balances show 8 decimals on the transfer page; spec 2 §9: up to 8 on the assets page. */
export const BALANCE_DECIMALS = 8;
/** Spec 3 §9: currency is formatted as USD, two decimals. */
const CURRENCY_DECIMALS = 2;

function fixed(n: number, decimals: number, sign: 'negative' | 'exceptZero'): string {
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: sign }).format(n);
}

/** A coin balance or amount of a coin: 8 decimals with grouping, "0.00000000" when empty. */
export function formatBalance(value: NumericInput): string {
  const n = toNumber(value);
  return fixed(Number.isFinite(n) ? n : 0, BALANCE_DECIMALS, 'negative');
}

/** A change of a balance, always signed: "+0.00099900", "-650.50000000". */
export function formatSignedBalance(value: NumericInput): string {
  const n = toNumber(value);
  return fixed(Number.isFinite(n) ? n : 0, BALANCE_DECIMALS, 'exceptZero');
}

/** A value in USDT or USD: 2 decimals, or 8 under 0.01 so a small value never reads as zero. */
export function formatCurrency(value: NumericInput): string {
  const n = toNumber(value);
  const safe = Number.isFinite(n) ? n : 0;
  return fixed(safe, isSmallValue(safe) ? SMALL_VALUE_DECIMALS : CURRENCY_DECIMALS, 'negative');
}

/** A value in US dollars: "$12,345.67". */
export function formatUsd(value: NumericInput): string {
  const text = formatCurrency(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** A share of a whole, 2 decimals like the 24H change: "42.50%". */
export function formatPercent(value: NumericInput): string {
  const n = toNumber(value);
  return `${fixed(Number.isFinite(n) ? n : 0, 2, 'negative')}%`;
}
