import { CLIENTS, DURATION_S, runFanout, type FanoutRun } from './fanout-run.js';
import { pairedChange, verdictOf } from './paired-change.js';
import { loadavg } from 'node:os';

/**
 * The websocket fan-out of this checkout against another's (BENCH_BASE_ROOT, for example main
 * exported with `git archive` beside its node_modules), rounds alternating which runs first: the
 * machine is shared and drifts, so only figures measured minutes apart compare (paired-change.ts).
 *   BENCH_BASE_ROOT=/tmp/base [BENCH_ROUNDS=3] [BENCH_CHANNELS=books,books5] npx tsx bench/fanout-paired.ts
 */
const BASE = process.env.BENCH_BASE_ROOT;
if (!BASE) throw new Error('BENCH_BASE_ROOT names the checkout to compare with');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHANNELS = (process.env.BENCH_CHANNELS ?? 'books,books5').split(',') as ('books' | 'books5')[];
/** How much worse the second configuration may be and still count as having kept the first's figure. */
const MARGIN = 0.1;

const run = (channel: 'books' | 'books5', root?: string) =>
  runFanout(channel === 'books' ? '/ws/v5/public' : '/ws/public', channel, channel, 'fanout-paired', 'bench/fanout-paired.ts', root);

for (const channel of CHANNELS) {
  const rounds: { base: FanoutRun; next: FanoutRun }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const load = (loadavg()[0] as number).toFixed(1);
    // Alternate the order, so neither side always runs on the machine the other has just warmed.
    let base: FanoutRun;
    let next: FanoutRun;
    if (r % 2 === 0) {
      base = await run(channel, BASE);
      next = await run(channel);
    } else {
      next = await run(channel);
      base = await run(channel, BASE);
    }
    rounds.push({ base, next });
    console.log(`${channel} round ${r + 1} (load ${load}): base p99 ${base.p99} fan-out p99 ${base.fanout.p99}; this p99 ${next.p99} fan-out p99 ${next.fanout.p99}`);
  }
  const figures = (pick: (r: FanoutRun) => number) => {
    // A p99 of 0 ms (every client within the clock's millisecond) has no ratio: count it as 1 ms.
    const change = pairedChange(rounds.map((r) => ({ base: Math.max(1, pick(r.base)), next: Math.max(1, pick(r.next)) })));
    const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(0)} %`);
    // verdictOf judges a figure where more is better; for a lag that is its inverse, whose change is base ÷ this.
    const verdict = verdictOf(pairedChange(rounds.map((r) => ({ base: Math.max(1, pick(r.next)), next: Math.max(1, pick(r.base)) }))), MARGIN);
    return `base ${rounds.map((r) => pick(r.base)).join(', ')}; this ${rounds.map((r) => pick(r.next)).join(', ')}; mean change ${pct(change.mean)} (95 % ${pct(change.low)} to ${pct(change.high)}); this one ${verdict === 'gained' ? 'faster' : verdict === 'lost' ? 'slower' : verdict === 'kept' ? 'no slower' : 'could not tell'}`;
  };
  console.log(`\n${channel}, ${CLIENTS} clients, ${DURATION_S} s a run, ${ROUNDS} rounds:`);
  console.log(`  lag (receive − ts) p99 ms: ${figures((r) => r.p99)}`);
  console.log(`  lag p50 ms: ${figures((r) => r.p50)}`);
  console.log(`  fan-out p99 ms: ${figures((r) => r.fanout.p99)}`);
  console.log(`  fan-out p50 ms: ${figures((r) => r.fanout.p50)}`);
}
