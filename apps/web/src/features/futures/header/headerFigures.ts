import { FUTURES_HEADER_RANGE, type FuturesContract } from '@exchange/contract';
import { toNumber } from '../../../shared/format/number';

export interface RangeInput {
  price: number;
  '24_high'?: number | null;
  '24_low'?: number | null;
}

/** The 24 h high and low: the coin's own when it has them, else 3 % above and below the price (spec 2 §9). */
export function dayRange(coin: RangeInput): { high: number; low: number } {
  const known = (value: number | null | undefined) => typeof value === 'number' && Number.isFinite(value) && value > 0;
  return {
    high: known(coin['24_high']) ? (coin['24_high'] as number) : coin.price * (1 + FUTURES_HEADER_RANGE),
    low: known(coin['24_low']) ? (coin['24_low'] as number) : coin.price * (1 - FUTURES_HEADER_RANGE),
  };
}

/** hh:mm:ss until `target` (ms), never negative. */
export function countdown(target: number, now: number): string {
  const seconds = Math.max(0, Math.floor((target - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A funding rate (a fraction per interval) as a signed percentage with 4 decimals: 0.0001 → "+0.0100%". */
export function fundingPercent(rate: string): string {
  const percent = toNumber(rate) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(4)}%`;
}

/** The price the page costs market orders at: the contract's mark, else its last trade, else the coin's price. */
export function referencePrice(contract: FuturesContract | null, coinPrice: number): number {
  const mark = toNumber(contract?.mark_price ?? contract?.last_price ?? null);
  return mark > 0 ? mark : coinPrice;
}

/** The header's and the title's price: the contract's last trade, else its mark, else the coin's price. */
export function lastPrice(contract: FuturesContract | null, coinPrice: number): number {
  const last = toNumber(contract?.last_price ?? null);
  return last > 0 ? last : referencePrice(contract, coinPrice);
}
