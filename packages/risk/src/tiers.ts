/**
 * One maintenance-margin tier. A position's tier is chosen by its notional (quantity × price in USDT):
 * floor ≤ notional < cap.
 */
export interface MarginTier {
  floor: number;
  cap: number;
  maxLeverage: number;
  /** Maintenance margin rate, a fraction (0.005 = 0.5%). */
  mmr: number;
  /**
   * Maintenance amount subtracted from notional × mmr. It makes the maintenance margin continuous across
   * tier boundaries: without it a position growing by one dollar past a floor would jump to the next
   * rate on its whole notional and could be liquidated by its own growth.
   */
  cum: number;
}

/** A tier as the issue writes it, its rate in basis points (0.40% = 40). */
interface TierTerms {
  floor: number;
  cap: number;
  maxLeverage: number;
  mmrBp: number;
}

/** A real exchange's historical BTC tiers (issue 14), used for every contract. */
const TERMS: readonly TierTerms[] = [
  { floor: 0, cap: 50_000, maxLeverage: 125, mmrBp: 40 },
  { floor: 50_000, cap: 250_000, maxLeverage: 100, mmrBp: 50 },
  { floor: 250_000, cap: 1_000_000, maxLeverage: 50, mmrBp: 100 },
  { floor: 1_000_000, cap: 10_000_000, maxLeverage: 20, mmrBp: 250 },
];

/**
 * cum(n) = floor(n) × (MMR(n) − MMR(n−1)) + cum(n−1), cum(0) = 0. Computed rather than typed in, so
 * a changed rate cannot leave a stale amount behind; in basis points, because 0.025 − 0.01 is not
 * exact in binary and would make the last cum 16300.000000000002.
 */
function withCum(terms: readonly TierTerms[]): readonly MarginTier[] {
  const tiers: MarginTier[] = [];
  let cum = 0;
  terms.forEach(({ floor, cap, maxLeverage, mmrBp }, i) => {
    const prevBp = terms[i - 1]?.mmrBp ?? mmrBp;
    cum += (floor * (mmrBp - prevBp)) / 10_000;
    tiers.push(Object.freeze({ floor, cap, maxLeverage, mmr: mmrBp / 10_000, cum }));
  });
  return Object.freeze(tiers);
}

export const MARGIN_TIERS: readonly MarginTier[] = withCum(TERMS);

/**
 * The tier of a notional. Above the last cap the last tier still applies: the order path refuses such
 * positions, but a price move can carry an open one past the cap and it must keep a maintenance margin.
 */
export function tierFor(notional: number): MarginTier {
  for (const tier of MARGIN_TIERS) {
    if (notional < tier.cap) return tier;
  }
  return MARGIN_TIERS[MARGIN_TIERS.length - 1] as MarginTier;
}

/** MM = notional × MMR − cum, in the tier of the notional. */
export function maintenanceMargin(notional: number): number {
  const tier = tierFor(notional);
  return notional * tier.mmr - tier.cum;
}

export function maxLeverageFor(notional: number): number {
  return tierFor(notional).maxLeverage;
}
