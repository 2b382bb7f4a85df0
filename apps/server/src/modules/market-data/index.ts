import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { okxBooksRoutes } from './books-routes.js';
import { coinsRoutes } from './coins-routes.js';
import { iconRoutes } from './icon-routes.js';
import { udfRoutes } from './udf-routes.js';
import { publicWsRoutes } from './ws-routes.js';

export { MarketData } from './market-data.js';
export { PublicFeed, type DerivativesSource, type FeedBatch, type FeedLink } from './public-feed.js';
export { lastPrices } from './trade-reads.js';

/** The public market: coins, charts (UDF), order books, icons and the public websocket. */
export const marketDataProduct: Product<Services> = {
  name: 'market-data',
  api: async (v1, s) => {
    await v1.register(coinsRoutes, { market: s.market });
    await v1.register(udfRoutes, { prefix: '/udf', market: s.market });
  },
  plugin: async (app, s) => {
    // The books are the venues': a cluster's owner answers them (cluster/forwarding.ts).
    await app.register(async (owned) => {
      markVenueOwnerRoutes(owned);
      await owned.register(okxBooksRoutes, { prefix: '/api/v5', market: s.market });
    });
    await app.register(iconRoutes, { prefix: '/api/v1' });
    await app.register(publicWsRoutes, { market: s.market, feed: s.feed, connections: s.wsConnections });
  },
};
