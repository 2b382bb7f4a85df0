import { EARN_DAYS_PER_YEAR, EARN_INTEREST_DECIMALS } from '@exchange/contract';
import { toFixedDecimal } from '../../../shared/format/decimal';

const SCALE = 18;
const AMOUNT = /^\d+(\.\d+)?$/;

/** A plain decimal as units of 10⁻¹⁸, or null when it is not one. */
function units(value: string): bigint | null {
  const fixed = AMOUNT.test(value.trim()) ? toFixedDecimal(value.trim(), SCALE) : null;
  return fixed === null ? null : BigInt(fixed.replace('.', ''));
}

function render(value: bigint, decimals: number): string {
  const cut = value / 10n ** BigInt(SCALE - decimals);
  const digits = cut.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** -1, 0 or 1 as a < b, a = b, a > b; null when either is not a plain decimal. */
export function compareAmounts(a: string, b: string): number | null {
  const x = units(a);
  const y = units(b);
  if (x === null || y === null) return null;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One day's interest as the server pays it: amount × APR / 365, cut to 8 decimals. */
export function dailyInterest(amount: string, apr: string): string {
  const a = units(amount);
  const r = units(apr);
  if (a === null || r === null) return render(0n, EARN_INTEREST_DECIMALS);
  const perDay = (a * r) / 10n ** BigInt(SCALE) / BigInt(EARN_DAYS_PER_YEAR);
  return render(perDay, EARN_INTEREST_DECIMALS);
}

/** `days` whole days of interest, each paid as `dailyInterest` says. */
export function interestOver(amount: string, apr: string, days: number): string {
  const day = units(dailyInterest(amount, apr)) ?? 0n;
  return render(day * BigInt(days), EARN_INTEREST_DECIMALS);
}

/** The APR fraction as a percentage number for formatPercent ("0.045" → 4.5). */
export function aprPercent(apr: string): number {
  return Number(apr) * 100;
}

/** Lowest and highest APR of a group of products. */
export function aprRange(aprs: readonly string[]): { low: string; high: string } {
  const sorted = [...aprs].sort((a, b) => compareAmounts(a, b) ?? 0);
  return { low: sorted[0] ?? '0', high: sorted[sorted.length - 1] ?? '0' };
}
