import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { DailySnapshots } from './daily.js';
import { reservesDevRoute } from './dev-route.js';
import { reservesMigration } from './migrations.js';
import { reservesReport } from './report.js';
import { reservesRoutes } from './routes.js';
import type { ReservesDeps } from './service.js';
import { TreeBuilder } from './tree-builder.js';

export { takeSnapshot, type ReservesDeps } from './service.js';
export { latestSnapshot } from './store.js';
export { TreeBuilder } from './tree-builder.js';

/** One tree worker per app, shared by its routes and its daily job, ended when the app closes. */
const treesOfApp = new WeakMap<Services['core'], TreeBuilder>();

/** What the snapshots of this app's services use (the tests take theirs through it). */
export function reservesDepsOf(s: Services): ReservesDeps {
  let trees = treesOfApp.get(s.core);
  if (!trees) {
    trees = new TreeBuilder();
    treesOfApp.set(s.core, trees);
  }
  return { db: s.db, now: s.config.now, chains: s.chains, evm: s.evm, trees };
}

/** Proof of reserves (issue 44, docs/reserves.md): daily snapshots of what users are owed, their Merkle sum tree, the reserves on chain. */
export const reservesProduct: Product<Services> = {
  name: 'reserves',
  migrations: [reservesMigration],
  ledger: { report: reservesReport },
  api: async (v1, s) => {
    await v1.register(reservesRoutes, { ...reservesDepsOf(s), signingSeed: s.addressKeys.ed25519Seed });
  },
  plugin: async (app, s) => {
    const deps = reservesDepsOf(s);
    await app.register(reservesDevRoute, deps);
    app.addHook('onClose', () => deps.trees.close());
    // The venues' owner takes the daily snapshot, so a cluster takes one, not one per process.
    s.onOwner(new DailySnapshots(deps, s.clock, s.log));
  },
};
