import { EvmChains, SimulatedChains } from '../modules/funds/index.js';
import { takeSnapshot, TreeBuilder } from '../modules/reserves/index.js';
import type { AdminCommand } from './command.js';

/**
 * An operator's snapshot outside the daily one (docs/reserves.md): the same read, tree and reserves
 * the server takes, written to the audit log with the snapshot.
 */
export const reservesSnapshot: AdminCommand = {
  words: ['reserves', 'snapshot'],
  args: '[reason]',
  summary: 'Takes a proof-of-reserves snapshot now and prints its root hash and totals; written to the audit log.',
  async run(ctx, args) {
    const chains = ctx.chains && ctx.chains.mode !== 'off' ? new SimulatedChains(ctx.db, ctx.chains.networkIds, ctx.chains.blockMs) : null;
    const evm = ctx.chains?.evm ? new EvmChains(ctx.chains.evm) : null;
    const trees = new TreeBuilder();
    try {
      const reason = args.join(' ').trim() || null;
      const s = await takeSnapshot({ db: ctx.db, now: ctx.now, chains, evm, trees }, { operator: ctx.operator ?? 'cli', role: 'cli', reason });
      const lines = s.lines.map((l) => `  ${l.asset}: owed ${l.total}, reserves ${l.reserves}, ratio ${l.ratio ?? '-'}`);
      return [`Snapshot ${s.id} at ${s.takenAt.toISOString()}: ${s.users} users, root ${s.rootHash}`, ...lines].join('\n');
    } finally {
      await trees.close();
    }
  },
};
