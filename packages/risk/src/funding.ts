import { sideSign, type Side } from './position-math.js';

/** Funding is settled every 4 hours, at 00:00, 04:00, … 20:00 UTC. */
export const FUNDING_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** I: the interest rate per interval, 0.005% per 4 h. */
export const FUNDING_INTEREST = 0.00005;
/** How far the interest may pull the rate away from the premium, ±0.05%. */
export const FUNDING_CLAMP = 0.0005;
/** |F| cap per interval (spec 3's help article): 1.5%. */
export const FUNDING_CAP = 0.015;
/** |F| cap while the contract is early: 0.5%. */
export const FUNDING_CAP_EARLY = 0.005;
/**
 * A contract is early during its first EARLY_INTERVALS funding intervals after listing, that is for
 * 3 × 4 h = 12 h: a funding settlement at a time t uses the 0.5% cap when t − listedAt < 12 h, and the
 * 1.5% cap from t − listedAt ≥ 12 h on. Its book is thin then and the premium index noisy.
 */
export const EARLY_INTERVALS = 3;

/** A level of one side of the book: [price, quantity], best first. */
export type BookLevel = readonly [price: number, qty: number];

/**
 * The average price at which a market order of `notional` (USDT) would fill against these levels,
 * or null if the side holds less than that. Funding reads the book through this rather than the
 * best price, so one small order at the top cannot set the premium.
 */
export function impactPrice(levels: readonly BookLevel[], notional: number): number | null {
  if (notional <= 0) return levels[0]?.[0] ?? null;
  let remaining = notional;
  let qty = 0;
  for (const [price, size] of levels) {
    const levelNotional = price * size;
    if (levelNotional >= remaining) {
      qty += remaining / price;
      return notional / qty;
    }
    remaining -= levelNotional;
    qty += size;
  }
  return null;
}

/**
 * P = (max(0, impact bid − index) − max(0, index − impact ask)) / index. A side too thin for an
 * impact price contributes nothing, so an empty book gives a premium of 0, not a pushed one.
 */
export function premiumIndex(impactBid: number | null, impactAsk: number | null, index: number): number {
  const rich = impactBid === null ? 0 : Math.max(0, impactBid - index);
  const cheap = impactAsk === null ? 0 : Math.max(0, index - impactAsk);
  return (rich - cheap) / index;
}

/**
 * Time-weighted average of premium samples over one funding interval: each sample counts for as long
 * as it held, until the next sample or the end, so a burst of samples during a quiet minute weighs no
 * more than the hours around it.
 */
export class PremiumTwap {
  #weighted = 0;
  #duration = 0;
  #last: { premium: number; atMs: number } | null = null;

  add(premium: number, atMs: number): void {
    if (this.#last !== null) {
      if (atMs < this.#last.atMs) throw new RangeError(`premium sample at ${atMs} before ${this.#last.atMs}`);
      this.#weighted += this.#last.premium * (atMs - this.#last.atMs);
      this.#duration += atMs - this.#last.atMs;
    }
    this.#last = { premium, atMs };
  }

  /**
   * The average up to atMs without ending the interval: the predicted rate shown on the page.
   * 0 with no sample; the last premium when no time has passed since the only sample.
   */
  average(atMs: number): number {
    const last = this.#last;
    if (last === null) return 0;
    const held = Math.max(0, atMs - last.atMs);
    const duration = this.#duration + held;
    return duration === 0 ? last.premium : (this.#weighted + last.premium * held) / duration;
  }

  /**
   * Ends the interval at atMs (the funding time) and returns its average. The next interval starts at
   * atMs with the last premium still standing, since it holds until a new sample replaces it.
   */
  close(atMs: number): number {
    const avg = this.average(atMs);
    const last = this.#last;
    this.reset();
    if (last !== null) this.#last = { premium: last.premium, atMs: Math.max(atMs, last.atMs) };
    return avg;
  }

  reset(): void {
    this.#weighted = 0;
    this.#duration = 0;
    this.#last = null;
  }
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** F = clamp(P + clamp(I − P, −0.05%, +0.05%), −cap, +cap). */
export function fundingRate(avgPremium: number, cap: number): number {
  const rate = avgPremium + clamp(FUNDING_INTEREST - avgPremium, -FUNDING_CLAMP, FUNDING_CLAMP);
  return clamp(rate, -cap, cap);
}

/** The cap for a settlement at nowMs: 0.5% in the contract's first 12 h (EARLY_INTERVALS), then 1.5%. */
export function fundingCap(listedAtMs: number, nowMs: number): number {
  return nowMs - listedAtMs < EARLY_INTERVALS * FUNDING_INTERVAL_MS ? FUNDING_CAP_EARLY : FUNDING_CAP;
}

/** The next 4-hour boundary since the UTC epoch strictly after nowMs (at 04:00 exactly: 08:00). */
export function nextFundingTime(nowMs: number): number {
  return (Math.floor(nowMs / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS;
}

/**
 * What the position pays at a settlement, signed: positive pays, negative receives. mark × size × F,
 * longs paying shorts when F > 0 and the reverse when F < 0, so the payments of a balanced book sum to 0.
 */
export function fundingPayment(side: Side, qty: number, markPrice: number, rate: number): number {
  return sideSign(side) * qty * markPrice * rate;
}
