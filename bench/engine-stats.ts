/** Percentile of an ascending-sorted sample (nearest rank). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** Median cost of one process.hrtime.bigint() pair around nothing, in ns. */
export function timerOverhead(samples = 200_000): number {
  const out = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    out[i] = Number(process.hrtime.bigint() - t0);
  }
  return percentile(out.sort(), 50);
}

export const us = (ns: number): string => (ns / 1000).toFixed(2);
export const fmtOps = (n: number): string => Math.round(n).toLocaleString('en-US');
