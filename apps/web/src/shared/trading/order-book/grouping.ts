import type { BookLevel, BookSide } from './types';

/** Strips binary noise (0.1 × 3 = 0.30000000000000004) before rounding to a price step. */
function clean(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Levels merged into price steps of `decimals` decimals. Asks round up and bids round down, so a
 * grouped level never promises a better price than the orders inside it; amounts add up.
 * The result is sorted best first.
 */
export function groupLevels(levels: readonly BookLevel[], decimals: number, side: BookSide): BookLevel[] {
  const factor = 10 ** decimals;
  const groups = new Map<number, number>();
  for (const level of levels) {
    const scaled = clean(level.price * factor);
    const step = side === 'ask' ? Math.ceil(scaled) : Math.floor(scaled);
    groups.set(step, (groups.get(step) ?? 0) + level.amount);
  }
  const grouped = [...groups].map(([step, amount]) => ({ price: step / factor, amount }));
  return grouped.sort((a, b) => (side === 'ask' ? a.price - b.price : b.price - a.price));
}
