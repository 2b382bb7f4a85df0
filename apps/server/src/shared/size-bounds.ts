import { codedError } from '../errors.js';
import type { Coin } from './catalogue.js';
import type { Dec } from './decimal.js';

/**
 * A listed market's order size bounds (issue 43): refused below `min_size` (order.amountBelowMin, OKX
 * 51020) or above `max_size` (order.amountAboveMax, OKX 51202). A market without them has none.
 * `minimum: false` checks only the maximum, for an order that only closes a position: a remainder
 * below the minimum must stay closable.
 */
export function withinSizeBounds(coin: Pick<Coin, 'min_size' | 'max_size'>, amount: Dec, { minimum = true } = {}): void {
  if (minimum && coin.min_size && amount.lt(coin.min_size)) throw codedError(400, 'VALIDATION', 'order.amountBelowMin', { min: coin.min_size });
  if (coin.max_size && amount.gt(coin.max_size)) throw codedError(400, 'VALIDATION', 'order.amountAboveMax', { max: coin.max_size });
}
