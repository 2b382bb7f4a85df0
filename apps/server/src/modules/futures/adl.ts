import type { Dec } from '../../shared/decimal.js';
import type { SystemPositionRow } from './records.js';
import type { LivePosition } from './types.js';

/** An opposite position auto-deleveraging may close: a user's, or the simulated market's net one. */
export type AdlCandidate =
  | { kind: 'user'; position: LivePosition; pnl: Dec; margin: Dec; leverage: number }
  | { kind: 'system'; row: SystemPositionRow; pnl: Dec; margin: Dec; leverage: number };

/**
 * The order in which opposite positions are deleveraged: profitable and highly leveraged first
 * (score = profit / margin × leverage, as Binance ranks its queue), losing ones last. The simulated
 * market's position counts at leverage 1 on its cost.
 */
export function rankDeleverage<T extends AdlCandidate>(candidates: readonly T[]): T[] {
  const score = (c: AdlCandidate) => (c.margin.isZero() ? 0 : c.pnl.div(c.margin).toNumber() * c.leverage);
  return [...candidates].sort((a, b) => score(b) - score(a));
}
