import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { apiKeysServerKey, createKeyBox, okxSignedScope } from '../api-keys/index.js';
import { coinByInstId } from '../../shared/catalogue.js';
import { okxAlgoOrdersMigration } from './algo-migration.js';
import { okxAlgoRoutes } from './algo-routes.js';
import { AlgoTriggers } from './algo-trigger.js';
import { DeadManSwitch } from './cancel-all-after.js';
import { okxClientIdsMigration } from './migrations.js';
import { okxOrderChangeRoutes } from './order-change-routes.js';
import type { PlaceDeps } from './place-order.js';
import { okxTradeReadRoutes } from './read-routes.js';
import { okxTradeRoutes } from './trade-routes.js';

/**
 * OKX v5's trade calls for spot (issue 42): place, amend, cancel and read orders and fills, algo
 * orders (stop-loss, take-profit, trigger) and the dead-man's switch, with a signed key, so ccxt's
 * okx class trades here unchanged. Orders go to the spot product's service (the one
 * POST /api/v1/orders uses), so every check, hold and ledger posting is spot's own.
 */
export const tradingApiPrivateProduct: Product<Services> = {
  name: 'trading-api-private',
  migrations: [okxClientIdsMigration, okxAlgoOrdersMigration],
  plugin: async (app, s) => {
    const deps: PlaceDeps = { db: s.db, trading: s.spotTrading, now: s.config.now };
    const triggers = new AlgoTriggers({ ...deps, run: (what, work) => s.background.run(what, work) });
    await triggers.load();
    const stopWatching = s.bus.subscribe(triggers.onMessage);
    const deadMan = new DeadManSwitch({ ...deps, run: (what, work) => s.background.run(what, work) });
    app.addHook('onClose', async () => {
      stopWatching();
      deadMan.close();
    });
    const lastPrice = (instId: string) => s.market.lastPrice(coinByInstId(instId)?.symbol ?? '');
    await app.register(async (signed) => {
      await signed.register(okxSignedScope, { db: s.db, box: createKeyBox(apiKeysServerKey(s)), now: s.config.now });
      await signed.register(okxTradeRoutes, deps);
      await signed.register(okxTradeReadRoutes, deps);
      await signed.register(okxOrderChangeRoutes, { ...deps, deadMan });
      await signed.register(okxAlgoRoutes, { ...deps, lastPrice, watch: (a) => triggers.add(a), unwatch: (a) => triggers.remove(a) });
    });
  },
};
