/**
 * Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom: a handful of rounds is
 * all a benchmark run holds, where the normal distribution's 1.96 would claim too much.
 */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093,
  2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** What a change of configuration did, from rounds that measured both side by side. */
export interface PairedChange {
  /** Each round's change, as a fraction (-0.05 is 5 % less). */
  changes: number[];
  /** The mean change (geometric: ratios, not differences, are what rounds on a drifting machine share). */
  mean: number;
  /** 95 % interval of the mean change; null with fewer than two rounds. */
  low: number | null;
  high: number | null;
}

/**
 * The change from `base` to `next` in each round, and how sure the rounds make it. The machine's
 * speed drifts by a third between rounds (docs/benchmarks.md), which a median of each
 * configuration's rounds mixes into the comparison; the two configurations of one round ran minutes
 * apart at most, so their ratio keeps little of it.
 */
export function pairedChange(rounds: readonly { base: number; next: number }[]): PairedChange {
  const logs = rounds.map((r) => Math.log(r.next / r.base));
  const n = logs.length;
  if (n === 0) throw new Error('no round to compare');
  const mean = logs.reduce((a, b) => a + b, 0) / n;
  const changes = logs.map((x) => Math.exp(x) - 1);
  if (n < 2) return { changes, mean: Math.exp(mean) - 1, low: null, high: null };
  const variance = logs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const half = (T95[Math.min(n - 1, T95.length) - 1] as number) * Math.sqrt(variance / n);
  return { changes, mean: Math.exp(mean) - 1, low: Math.exp(mean - half) - 1, high: Math.exp(mean + half) - 1 };
}

export type Verdict = 'gained' | 'kept' | 'lost' | 'could not tell';

/**
 * Whether the second configuration kept what the first carried, allowing it to be `margin` worse
 * (0.1: a tenth). Kept when the whole interval lies above -margin; gained when it lies above zero;
 * lost when it lies below zero and reaches past -margin; otherwise these rounds cannot tell.
 */
export function verdictOf(c: PairedChange, margin: number): Verdict {
  if (c.low === null || c.high === null) return 'could not tell';
  if (c.low > 0) return 'gained';
  if (c.low > -margin) return 'kept';
  if (c.high < 0) return 'lost';
  return 'could not tell';
}
