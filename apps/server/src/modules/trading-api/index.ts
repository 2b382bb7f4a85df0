import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { markVenueOwnerRoutes } from '../../venue/owner-routes.js';
import { futuresFeedSource } from '../futures/index.js';
import { okxBooksRoutes } from './books-routes.js';
import { okxCandleRoutes } from './candle-routes.js';
import type { V5Deps } from './deps.js';
import { okxDerivativesRoutes } from './derivatives-routes.js';
import { okxMarketRoutes } from './market-routes.js';
import { okxErrorHandler } from './okx-reply.js';
import { okxPublicRoutes } from './public-routes.js';
import { okxTiersRoutes } from './tiers-routes.js';

/**
 * The OKX v5-compatible API (issue 42), its public part: instruments, tickers, trades, candles, the
 * book and the contracts' figures under /api/v5, in OKX's envelope and codes, so that ccxt's okx
 * class and the tools built on it work with only their URLs changed. The `/ws/v5/public` socket is
 * market-data's public feed.
 */
export const tradingApiProduct: Product<Services> = {
  name: 'trading-api',
  plugin: async (app, s) => {
    const deps: V5Deps = {
      db: s.db,
      market: s.market,
      venues: s.venues,
      monitor: s.core.futures.monitor,
      futures: s.core.futures.service,
      derivatives: futuresFeedSource(s.core.futures.service, s.core.futures.monitor, s.venues),
      markCandles: s.markCandles,
      halts: s.halts,
    };
    await app.register(
      async (v5) => {
        // Books, contracts and market time are the venues': a cluster's owner answers (cluster/forwarding.ts).
        markVenueOwnerRoutes(v5);
        v5.setErrorHandler(okxErrorHandler);
        for (const routes of [okxPublicRoutes, okxMarketRoutes, okxBooksRoutes, okxCandleRoutes, okxDerivativesRoutes, okxTiersRoutes]) {
          await v5.register(routes, { deps });
        }
      },
      { prefix: '/api/v5' },
    );
  },
};
