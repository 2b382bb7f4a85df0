import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { apiKeysServerKey, createKeyBox, okxSignedScope } from '../api-keys/index.js';
import { okxClientIdsMigration } from './migrations.js';
import type { PlaceDeps } from './place-order.js';
import { okxTradeReadRoutes } from './read-routes.js';
import { okxTradeRoutes } from './trade-routes.js';

export { placeOkxOrder, type PlaceDeps } from './place-order.js';
export { cancelOkxOrder, orderIdOf } from './cancel-order.js';
export { okxOrderOf } from './okx-shapes.js';
export { clientIdsOf, NO_CLIENT_IDS, type ClientIds } from './client-ids.js';

/**
 * OKX v5's trade calls for spot (issue 42): place, cancel and read orders and fills with a signed
 * key, so ccxt's okx class trades here unchanged. Orders go to the spot product's service (the one
 * POST /api/v1/orders uses), so every check, hold and ledger posting is spot's own.
 */
export const tradingApiPrivateProduct: Product<Services> = {
  name: 'trading-api-private',
  migrations: [okxClientIdsMigration],
  plugin: async (app, s) => {
    const deps: PlaceDeps = { db: s.db, trading: s.spotTrading, now: s.config.now };
    await app.register(async (signed) => {
      await signed.register(okxSignedScope, { db: s.db, box: createKeyBox(apiKeysServerKey(s)), now: s.config.now });
      await signed.register(okxTradeRoutes, deps);
      await signed.register(okxTradeReadRoutes, deps);
    });
  },
};
