import { readFileSync } from 'node:fs';

export interface CpuTimes {
  busy: number;
  total: number;
}

/** The whole machine's CPU time so far (first line of /proc/stat): on shared cores, what was left idle tells whether the load filled them. */
export function machineCpu(): CpuTimes {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the idle part.
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** Share of the machine's CPU time busy between two readings, 0-1. */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}
