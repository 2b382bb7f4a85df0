import type { BookLevel } from './types';

export interface DepthLevel extends BookLevel {
  /** Amount of this level and every better one. */
  total: number;
  /** Width of the depth bar behind the row, in percent. */
  depth: number;
}

/**
 * Depth bar width in percent: min(95, 45 × ln(1 + 9 × ratio)) (spec 1 §9). The log curve keeps
 * thin levels visible next to a wall; ratio is the level's cumulative over the side's largest.
 */
export function depthBarWidth(ratio: number): number {
  if (!Number.isFinite(ratio) || ratio <= 0) return 0;
  return Math.min(95, 45 * Math.log(1 + 9 * ratio));
}

/** The first `count` levels (best first) with cumulative totals and depth bar widths. */
export function withTotals(levels: readonly BookLevel[], count: number): DepthLevel[] {
  let total = 0;
  const rows = levels.slice(0, count).map((level) => {
    total += level.amount;
    return { ...level, total, depth: 0 };
  });
  const max = rows.at(-1)?.total ?? 0;
  return rows.map((row) => ({ ...row, depth: depthBarWidth(max > 0 ? row.total / max : 0) }));
}
