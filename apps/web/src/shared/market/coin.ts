import { coinSchema, dayRange, type CoinRecord } from '@exchange/contract';
import { isUp } from '../format/number';

/**
 * A coin as every screen uses it: the API record with the spec 1 §3 defaults filled in. It holds
 * numbers only: each screen formats the rows it shows, in the page's language, rather than the
 * whole list being formatted when it arrives.
 */
export interface Coin {
  id: number;
  coin_pair: number;
  coin_id: number;
  symbol: string;
  name: string;
  pair_name: string;
  price: number;
  price_change_24h: number;
  volume_24h: number;
  market_cap: number;
  '24_high': number;
  '24_low': number;
  price_change_is_positive: boolean;
  logo_path: string;
  is_tradable: boolean;
  is_favorite: boolean;
  last_updated: string;
  cache_timestamp: number;
  /** Price and amount steps the server checks orders against; null from a server that sends none. */
  tick_size: string | null;
  lot_size: string | null;
}

export function coinLogoPath(symbol: string): string {
  return `/api/v1/coin-icons/${symbol.toLowerCase()}.svg`;
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Fills the defaults of spec 1 §3; `now` stamps cache_timestamp (and last_updated when absent). */
export function normaliseCoin(raw: CoinRecord, now: number): Coin {
  const id = raw.id ?? raw.coin_pair ?? 0;
  const symbol = text(raw.symbol) ?? 'UNKNOWN';
  const price = raw.price ?? 0;
  const change = raw.price_change_24h ?? 0;
  const range = dayRange(price, raw['24_high'], raw['24_low']);
  return {
    id,
    coin_pair: raw.coin_pair ?? id,
    coin_id: raw.coin_id ?? id,
    symbol,
    name: text(raw.name) ?? symbol,
    pair_name: text(raw.pair_name) ?? 'USDT',
    price,
    price_change_24h: change,
    volume_24h: raw.volume_24h ?? 0,
    market_cap: raw.market_cap ?? 0,
    '24_high': range.high,
    '24_low': range.low,
    price_change_is_positive: isUp(change),
    logo_path: text(raw.logo_path) ?? coinLogoPath(symbol),
    is_tradable: raw.is_tradable ?? true,
    is_favorite: false,
    last_updated: text(raw.last_updated) ?? new Date(now).toISOString(),
    cache_timestamp: now,
    tick_size: raw.tick_size ?? null,
    lot_size: raw.lot_size ?? null,
  };
}

/** BTC first, then by pair id (spec 1 §9). */
export function compareCoins(a: Coin, b: Coin): number {
  const aBtc = a.symbol.toUpperCase() === 'BTC';
  const bBtc = b.symbol.toUpperCase() === 'BTC';
  if (aBtc !== bBtc) return aBtc ? -1 : 1;
  return a.coin_pair - b.coin_pair;
}

/** Checks, normalises and sorts raw list items; items that are not coins are skipped, not fatal. */
export function normaliseCoins(items: readonly unknown[], now: number): Coin[] {
  const coins: Coin[] = [];
  for (const item of items) {
    const parsed = coinSchema.safeParse(item);
    if (parsed.success) coins.push(normaliseCoin(parsed.data, now));
  }
  return coins.sort(compareCoins);
}
