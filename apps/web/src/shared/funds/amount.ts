import { numberFormat, toNumber } from '../format/number';

/** A coin amount as the server sends it, grouped, without trailing zeros: "0.0001", "1,000". */
export function formatCoinAmount(value: string): string {
  const n = toNumber(value);
  return numberFormat({ maximumFractionDigits: 8 }).format(Number.isFinite(n) ? n : 0);
}
