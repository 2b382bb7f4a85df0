/** How often the basis (mid − index) is sampled, and how many samples make the 5-minute window. */
export const BASIS_SAMPLE_MS = 5_000;
export const BASIS_SAMPLES = 60;

export interface MarkPriceInput {
  index: number;
  lastFundingRate: number;
  msToNextFunding: number;
  intervalMs: number;
  /** BasisAverage.value(): the 5-minute average of mid − index. */
  basisAverage: number;
  /** The last trade on the contract's book; null before the first one. */
  lastPrice: number | null;
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/**
 * mark = median(index × (1 + last funding rate × time to next funding / interval), index + basis
 * average, last trade). A median of three, two of them anchored on the index, so a trade pushed far
 * from the index on a thin book cannot move the mark by itself and liquidate others.
 * Without a last trade the index stands in, which keeps the median between the other two.
 */
export function markPrice(input: MarkPriceInput): number {
  const { index, lastFundingRate, msToNextFunding, intervalMs, basisAverage, lastPrice } = input;
  const fundingBasis = index * (1 + (lastFundingRate * msToNextFunding) / intervalMs);
  return median3(fundingBasis, index + basisAverage, lastPrice ?? index);
}

/**
 * Moving average of (mid − index) over the last BASIS_SAMPLES samples. The caller samples every
 * BASIS_SAMPLE_MS, so the ring holds the last 5 minutes. A moment without a two-sided book (mid null) is
 * skipped rather than counted as a zero basis.
 */
export class BasisAverage {
  readonly #ring = new Float64Array(BASIS_SAMPLES);
  #next = 0;
  #count = 0;

  sample(mid: number | null, index: number): void {
    if (mid === null) return;
    this.#ring[this.#next] = mid - index;
    this.#next = (this.#next + 1) % BASIS_SAMPLES;
    this.#count = Math.min(this.#count + 1, BASIS_SAMPLES);
  }

  /**
   * 0 before the first sample: mark = median(…, index, …) then. Summed afresh each time (60 numbers)
   * rather than kept as a running sum, which would drift over days of float additions and subtractions.
   */
  value(): number {
    if (this.#count === 0) return 0;
    let sum = 0;
    for (let i = 0; i < this.#count; i++) sum += this.#ring[i] as number;
    return sum / this.#count;
  }

  get size(): number {
    return this.#count;
  }
}
