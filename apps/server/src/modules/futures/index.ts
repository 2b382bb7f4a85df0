import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import type { RecordWriter } from '../../ledger/records.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { futuresChecks } from './ledger-checks.js';
import { leverageSettingWriter } from './leverage-store.js';
import { futuresMigrations } from './migrations.js';
import { positionModeWriter } from './position-mode.js';
import {
  contractSettledWriter,
  futuresFillsWriter,
  fundingWriter,
  ordersInsertWriter,
  ordersUpdateWriter,
  positionOrdersEndedWriter,
  positionsInsertWriter,
  positionsUpdateWriter,
  systemPositionsWriter,
} from './records.js';
import { fundingPaymentsWriter } from './funding-payments.js';
import { futuresListRoutes } from './list-routes.js';
import { futuresRoutes } from './routes.js';
import { futuresTestRoutes } from './test-routes.js';
import { CLEARING_OWNER, FUNDING_POOL_OWNER, INSURANCE_OWNER } from './settlement.js';

export { futuresFeedSource, positionUpdates } from './feed-source.js';
export { orderUpdates } from './order-feed.js';
export { fundingHistory, type FundingRecord } from './funding-reads.js';
export { futuresActivitySince } from './activity.js';
export { listDeliveryContracts, openFutures, type FuturesCore } from './open-futures.js';
export {
  futuresClosedPositions,
  futuresUserFills,
  futuresUserOrder,
  futuresUserOrders,
  type ClosedFuturesPosition,
  type FuturesFillRead,
  type FuturesPage,
} from './api-reads.js';
export type { FuturesService } from './futures-service.js';
export type { RiskMonitor } from './risk-monitor.js';
export type { LiveOrder, LivePosition, OpenRequest, PositionKey } from './types.js';
export { contractCoin, parseOpen } from './parse-open.js';
export { sideLeverage } from './position-tools-routes.js';
export { userPositions } from './position-store.js';
export { restingOrderIds } from './list-store.js';
export { storedPositionMode } from './position-mode.js';
export { toPosition } from './position-view.js';

/** Perpetual and delivery futures: positions, their risk, funding and delivery. */
export const futuresProduct: Product<Services> = {
  name: 'futures',
  migrations: futuresMigrations,
  ledger: {
    systemAccounts: [
      // The other side of every profit and loss, the funding payments' pool, and the insurance fund,
      // whose balances are what the open positions owe each other; a negative insurance fund is what
      // makes the liquidation engine deleverage (docs/futures.md).
      { owner: CLEARING_OWNER, mayGoNegative: true, reported: true },
      { owner: FUNDING_POOL_OWNER, mayGoNegative: true, reported: true },
      { owner: INSURANCE_OWNER, mayGoNegative: true, reported: true },
    ],
    recordWriters: [
      ordersInsertWriter,
      ordersUpdateWriter,
      positionOrdersEndedWriter,
      positionsInsertWriter,
      positionsUpdateWriter,
      systemPositionsWriter,
      futuresFillsWriter,
      fundingWriter,
      contractSettledWriter,
      fundingPaymentsWriter,
      leverageSettingWriter,
      positionModeWriter,
    ] as RecordWriter<never>[],
    checks: futuresChecks,
  },
  api: async (v1, s) => {
    await v1.register(async (owned) => {
      markVenueOwnerRoutes(owned);
      await owned.register(futuresRoutes, {
        db: s.db,
        futures: s.core.futures.service,
        monitor: s.core.futures.monitor,
        venues: s.venues,
        nowMs: () => s.market.now,
      });
      await owned.register(futuresListRoutes, { db: s.db, futures: s.core.futures.service });
    });
  },
  plugin: async (app, s) => {
    if (s.config.testRoutes) {
      await app.register(async (owned) => {
        markVenueOwnerRoutes(owned);
        await owned.register(futuresTestRoutes, { prefix: '/api', simulation: s.simulation, monitor: s.core.futures.monitor });
      });
    }
    s.privateChannels.feed((push) => s.positions.subscribe((userId, row) => push(userId, 'positions', row)));
    // On a cluster, a user's positions reach only the processes watching them.
    s.privateChannels.watchUser((userId) => s.positions.watchUser(userId));
    s.privateChannels.feed((push) => s.futuresOrders.subscribe((userId, row) => push(userId, 'futures-orders', row)));
    s.privateChannels.watchUser((userId) => s.futuresOrders.watchUser(userId));
  },
};
