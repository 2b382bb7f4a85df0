import { maxRemovableMargin } from '@exchange/risk';
import { Dec } from '../../shared/decimal.js';
import type { LivePosition } from './types.js';

const USDT_DECIMALS = 8;

/** The size-weighted average entry of what is open. */
export const entryOf = (p: LivePosition): number => p.cost.div(p.qty).toNumber();

/**
 * What can be removed from an isolated position at `mark` (its entry when no mark is known), rounded
 * down to whole 10⁻⁸ USDT so that removing exactly the figure shown is always accepted.
 */
export function removable(p: LivePosition, mark: number | null): Dec {
  const max = maxRemovableMargin({ side: p.side, qty: p.qty.toNumber(), entryPrice: entryOf(p), leverage: p.leverage, margin: p.margin.toNumber() }, mark ?? entryOf(p));
  return new Dec(max.toFixed(USDT_DECIMALS + 2)).toDecimalPlaces(USDT_DECIMALS, Dec.ROUND_DOWN);
}
