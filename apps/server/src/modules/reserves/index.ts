import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { DailySnapshots } from './daily.js';
import { reservesDevRoute } from './dev-route.js';
import { reservesMigration } from './migrations.js';
import { reservesReport } from './report.js';
import { reservesRoutes } from './routes.js';
import type { ReservesDeps } from './service.js';

export { takeSnapshot, type ReservesDeps } from './service.js';
export { latestSnapshot } from './store.js';

function depsOf(s: Services): ReservesDeps {
  return { db: s.db, now: s.config.now, chains: s.chains };
}

/** Proof of reserves (issue 44, docs/reserves.md): daily snapshots of what users are owed, their Merkle sum tree, the reserves on chain. */
export const reservesProduct: Product<Services> = {
  name: 'reserves',
  migrations: [reservesMigration],
  ledger: { report: reservesReport },
  api: async (v1, s) => {
    await v1.register(reservesRoutes, { ...depsOf(s), signingSeed: s.addressKeys.ed25519Seed });
  },
  plugin: async (app, s) => {
    await app.register(reservesDevRoute, depsOf(s));
    // The venues' owner takes the daily snapshot, so a cluster takes one, not one per process.
    s.onOwner(new DailySnapshots(depsOf(s), s.clock, s.log));
  },
};
