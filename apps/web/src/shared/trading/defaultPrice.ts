import type { OrderSide } from '@exchange/contract';
import { priceDecimals } from '../format/price';
import type { BookTop } from './bookTop';
import { stepDecimals } from './steps';

/** A price as the field shows it: on the coin's tick when known, else with the spec's display decimals. */
export function priceText(price: number, tick: string | null): string {
  if (!(price > 0)) return '';
  return price.toFixed(tick ? stepDecimals(tick) : priceDecimals(price));
}

/**
 * Where a limit order starts: a buy at the best ask and a sell at the best bid, the prices that
 * trade now. With that side of the book empty the other side stands in; before the book arrives,
 * the last price (the live ticker once it has spoken).
 */
export function defaultLimitPrice(side: OrderSide, top: BookTop | null, lastPrice: number, tick: string | null): string {
  const fromBook = side === 'buy' ? (top?.ask ?? top?.bid) : (top?.bid ?? top?.ask);
  return priceText(fromBook ?? lastPrice, tick);
}
