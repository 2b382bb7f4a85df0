import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { apiKeysServerKey, createKeyBox, okxSignedScope } from '../api-keys/index.js';
import { coinByInstId } from '../../shared/catalogue.js';
import { okxAlgoOrdersMigration } from './algo-migration.js';
import { okxAlgoRoutes } from './algo-routes.js';
import { AlgoTriggers } from './algo-trigger.js';
import { okxAlgoOrderOf } from './algo-shapes.js';
import type { AlgoRow } from './algo-store.js';
import { DeadManSwitch } from './cancel-all-after.js';
import { okxLeverageRoutes } from './leverage-routes.js';
import { okxClientIdsMigration, okxPendingClientIdsMigration, okxSpotClientIdsMovedMigration, okxSwapClientIdsMigration } from './migrations.js';
import { okxOrderChangeRoutes } from './order-change-routes.js';
import { tradeDepsOf } from './order-dispatch.js';
import { okxPositionRoutes } from './positions-routes.js';
import { okxTradeReadRoutes } from './read-routes.js';
import { okxTradeRoutes } from './trade-routes.js';

export { placeOkxOrder, placeOkxOrders, type PlaceDeps } from './place-order.js';
export { cancelAllOpen } from './cancel-all-after.js';
export { cancelLiveAlgosOf } from './algo-store.js';
export { okxAlgoOrderOf } from './algo-shapes.js';
export { cancelOkxOrder, orderIdOf } from './cancel-order.js';
export { cancelAnyOrder, instIdOfOrder, placeAnyOrders, tradeDepsOf, type TradeDeps } from './order-dispatch.js';
export { isContractInstId } from './swap-orders.js';
export { okxOrderOf } from './okx-shapes.js';
export { okxSwapOrderUpdates } from './swap-order-feed.js';
export { localContractOrders, type OkxContractOrders } from './contract-orders.js';
/** The contract orders' clOrdIds and tags, once the user's placements in flight have bound them (the `orders` pushes). */
export { settledClientIdsOf as settledSwapClientIdsOf } from './client-ids.js';

/**
 * OKX v5's trade calls (issue 42): place, amend, cancel and read spot and contract orders and
 * fills, positions and leverage, spot algo orders (stop-loss, take-profit, trigger) and the
 * dead-man's switch, with a signed key, so ccxt's okx class trades here unchanged. Spot orders go to
 * the spot product's service (the one POST /api/v1/orders uses) and contract orders to the futures
 * product's, so every check, hold and ledger posting is theirs.
 */
export const tradingApiPrivateProduct: Product<Services> = {
  name: 'trading-api-private',
  migrations: [okxClientIdsMigration, okxSwapClientIdsMigration, okxPendingClientIdsMigration, okxAlgoOrdersMigration, okxSpotClientIdsMovedMigration],
  plugin: async (app, s) => {
    const deps = tradeDepsOf(s);
    // Every change of an algo order is told to the private sockets' `orders-algo` channel, wherever they are.
    const algoChanged = (a: AlgoRow) => s.okxAlgoEvents.local.emit(a.userId, () => okxAlgoOrderOf(a));
    const triggers = new AlgoTriggers({ ...deps, run: (what, work) => s.background.run(what, work), settled: algoChanged });
    await triggers.load();
    const stopWatching = s.bus.subscribe(triggers.onMessage);
    const deadMan = new DeadManSwitch({ ...deps, run: (what, work) => s.background.run(what, work) });
    app.addHook('onClose', async () => {
      stopWatching();
      deadMan.close();
    });
    const instLastPrice = (instId: string) => s.market.lastPrice(coinByInstId(instId)?.symbol ?? '');
    await app.register(async (signed) => {
      await signed.register(okxSignedScope, { db: s.db, box: createKeyBox(apiKeysServerKey(s)), now: s.config.now, events: s.sessions.events });
      await signed.register(okxTradeRoutes, deps);
      await signed.register(okxTradeReadRoutes, deps);
      await signed.register(okxPositionRoutes, deps);
      await signed.register(okxLeverageRoutes, deps);
      await signed.register(okxOrderChangeRoutes, { ...deps, deadMan });
      await signed.register(okxAlgoRoutes, { ...deps, instLastPrice, watch: (a) => {
          triggers.add(a);
          algoChanged(a);
        },
        unwatch: (a) => {
          triggers.remove(a);
          algoChanged(a);
        },
      });
    });
  },
};
