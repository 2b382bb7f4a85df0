import { SimulatedChains } from '../modules/funds/index.js';
import { takeSnapshot } from '../modules/reserves/index.js';
import type { AdminCommand } from './command.js';

/** An operator's snapshot outside the daily one (docs/reserves.md): the same read, tree and reserves the server takes. */
export const reservesSnapshot: AdminCommand = {
  words: ['reserves', 'snapshot'],
  args: '',
  summary: 'Takes a proof-of-reserves snapshot now and prints its root hash and totals.',
  async run(ctx) {
    const chains = ctx.chains && ctx.chains.mode !== 'off' ? new SimulatedChains(ctx.db, ctx.chains.networkIds, ctx.chains.blockMs) : null;
    const s = await takeSnapshot({ db: ctx.db, now: ctx.now, chains });
    const lines = s.lines.map((l) => `  ${l.asset}: owed ${l.total}, reserves ${l.reserves}, ratio ${l.ratio ?? '-'}`);
    return [`Snapshot ${s.id} at ${s.takenAt.toISOString()}: ${s.users} users, root ${s.rootHash}`, ...lines].join('\n');
  },
};
