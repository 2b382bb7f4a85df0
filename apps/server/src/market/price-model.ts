import type { Coin } from '../shared/catalogue.js';
import { normal, poisson, type Rng } from '../shared/prng.js';
import { YEAR_MS } from '../shared/time.js';

export interface ModelOptions {
  /** Pull back towards the snapshot price; a 30-day half-life keeps a coin within roughly ±15-25 %. */
  meanReversionHalfLifeDays?: number;
  /** Average number of sudden moves per day; 0 turns jumps off. */
  jumpsPerDay?: number;
  /** Standard deviation of one jump, in log-price (0.01 ≈ 1 %). */
  jumpSigma?: number;
}

export interface ModelParams {
  anchorLog: number;
  sigma: number;
  theta: number;
  jumpsPerYear: number;
  jumpSigma: number;
}

export function modelParams(coin: Coin, opts: ModelOptions = {}): ModelParams {
  const halfLifeYears = (opts.meanReversionHalfLifeDays ?? 30) / 365;
  return {
    anchorLog: Math.log(Number(coin.price)),
    sigma: coin.annual_volatility,
    theta: Math.LN2 / halfLifeYears,
    jumpsPerYear: (opts.jumpsPerDay ?? 2) * 365,
    jumpSigma: opts.jumpSigma ?? 0.01,
  };
}

/**
 * One step of the log-price: an Ornstein–Uhlenbeck process (geometric Brownian motion with a weak
 * pull to the anchor), sampled exactly, so any gap (a second or a day of downtime) is one draw and
 * the result does not depend on how time was sliced, plus Poisson-timed jumps.
 */
export function nextLogPrice(x: number, p: ModelParams, dtMs: number, rng: Rng): number {
  if (dtMs <= 0) return x;
  const dt = dtMs / YEAR_MS;
  const decay = Math.exp(-p.theta * dt);
  const sd = p.sigma * Math.sqrt((1 - decay * decay) / (2 * p.theta));
  let next = p.anchorLog + (x - p.anchorLog) * decay + sd * normal(rng);
  const jumps = poisson(rng, p.jumpsPerYear * dt);
  for (let i = 0; i < jumps; i++) next += p.jumpSigma * normal(rng);
  return next;
}
