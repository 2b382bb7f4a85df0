import type { Coin } from './coin';

/** The live fields of one `tickers` push that the coin lists show. */
export interface LiveTicker {
  price: number;
  change: number;
  /** When the push arrived (ms), to tell it from a newer REST refresh. */
  at: number;
}

function num(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Reads last price and 24h change (from open24h) of a ticker push item; null when it carries no usable price. */
export function parseTicker(item: Record<string, unknown>, at = Date.now()): LiveTicker | null {
  const price = num(item.last);
  if (!(price > 0)) return null;
  const open = num(item.open24h);
  const change = open > 0 ? ((price - open) / open) * 100 : 0;
  return { price, change, at };
}

/**
 * The coin with its live price and change. The coin itself wins when no ticker arrived yet or
 * its REST copy is newer, so a dropped socket never freezes prices that polling still refreshes.
 */
export function withTicker(coin: Coin, ticker: LiveTicker | undefined): Coin {
  if (!ticker || ticker.at < coin.cache_timestamp) return coin;
  return { ...coin, price: ticker.price, price_change_24h: ticker.change, price_change_is_positive: ticker.change >= 0 };
}
