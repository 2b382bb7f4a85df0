import { STABLECOIN_SYMBOLS, type ConversionCurrency } from '@exchange/contract';

/** Spec 2 §1: one side of every conversion is USDT. */
export const USDT = 'USDT';
export const DEFAULT_COIN = 'BTC';
/** Spec 2 §8: the BTC price used when no price could be loaded. */
const FALLBACK_BTC_PRICE = '65000';

/**
 * No image: the coin logo then shows the symbol's letter. (Taking the icon path from shared/market/coin
 * would split that module out of the landing page's chunk and cost the landing page its JS budget.)
 */
const fallback = (id: number, symbol: string, name: string, price: string): ConversionCurrency => ({
  id,
  symbol,
  name,
  image_path: '',
  price,
});

// Coin names are proper names, the same in every language.
/* eslint-disable lingui/no-unlocalized-strings */
/** Spec 2 §8: the picker's built-in list when the currencies cannot be loaded; "0" is an unknown price. */
export const FALLBACK_CURRENCIES: readonly ConversionCurrency[] = [
  fallback(0, USDT, 'Tether', '1'),
  fallback(1, 'BTC', 'Bitcoin', FALLBACK_BTC_PRICE),
  fallback(2, 'ETH', 'Ethereum', '0'),
  fallback(3, 'BNB', 'BNB', '0'),
  fallback(4, 'SOL', 'Solana', '0'),
];
/* eslint-enable lingui/no-unlocalized-strings */

export interface Direction {
  from: string;
  to: string;
}

export const DEFAULT_DIRECTION: Direction = { from: USDT, to: DEFAULT_COIN };

/** The side that holds the coin (the other holds USDT), so only that side gets a picker. */
export function coinSide(direction: Direction): 'from' | 'to' {
  return direction.from === USDT ? 'to' : 'from';
}

export function coinOf(direction: Direction): string {
  return direction.from === USDT ? direction.to : direction.from;
}

/** The swap button: coin → USDT becomes USDT → coin and back; USDT never ends up on both sides. */
export function swapDirection(direction: Direction): Direction {
  return { from: direction.to, to: direction.from };
}

/** A coin chosen in the picker takes the coin side; choosing USDT there changes nothing. */
export function withCoin(direction: Direction, symbol: string): Direction {
  if (symbol.toUpperCase() === USDT) return direction;
  return coinSide(direction) === 'to' ? { from: USDT, to: symbol } : { from: symbol, to: USDT };
}

export type CurrencyFilter = 'all' | 'stablecoins';

export function isStablecoin(symbol: string): boolean {
  return (STABLECOIN_SYMBOLS as readonly string[]).includes(symbol.toLowerCase());
}

/** The picker's rows (spec 2 §5): every currency but USDT, which stays on the other side. */
export function pickableCurrencies(list: readonly ConversionCurrency[]): ConversionCurrency[] {
  return list.filter((c) => c.symbol.toUpperCase() !== USDT);
}

/** The picker's All / Stablecoins filter: which rows each keeps. */
export function keepsCurrency(filter: CurrencyFilter, currency: ConversionCurrency): boolean {
  return filter === 'all' || isStablecoin(currency.symbol);
}

/** A currency the list lacks (a coin delisted while picked), shown with its symbol and logo. */
export function currencyFallback(symbol: string): ConversionCurrency {
  return findCurrency(FALLBACK_CURRENCIES, symbol) ?? fallback(-1, symbol, symbol, '0');
}

export function findCurrency(list: readonly ConversionCurrency[], symbol: string): ConversionCurrency | undefined {
  return list.find((c) => c.symbol.toUpperCase() === symbol.toUpperCase());
}

/** How much `to` one `from` buys by the list's prices: the rate shown until a firm quote arrives; null when a price is unknown. */
export function indicativeRate(list: readonly ConversionCurrency[], direction: Direction): string | null {
  const from = Number(findCurrency(list, direction.from)?.price);
  const to = Number(findCurrency(list, direction.to)?.price);
  if (!(from > 0) || !(to > 0)) return null;
  return (from / to).toFixed(12);
}
