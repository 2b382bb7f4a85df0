import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { coinsRoutes } from './coins-routes.js';
import { iconRoutes } from './icon-routes.js';
import { udfRoutes } from './udf-routes.js';
import { publicWsRoutes } from './ws-routes.js';

export { MarketData } from './market-data.js';
export { CandleFeed } from './candle-feed.js';
export { MarkCandles } from './mark-candles.js';
export { PublicFeed, type DerivativesSource, type FeedBatch, type FeedLink } from './public-feed.js';
export { lastPrices, recentTrades } from './trade-reads.js';
export { okxBook, okxTicker, okxTrade, statsKey, type OkxBook, type OkxLevel } from './okx-format.js';
export { okxCandles, sourceOf, type CandlePage, type OkxCandleRow } from './okx-candles.js';
export { RESOLUTION_MS, type Resolution } from './resolutions.js';
export type { Candle } from './candle-math.js';

/** The public market: coins, charts (UDF), icons and the public websocket (the OKX v5 REST calls are trading-api's). */
export const marketDataProduct: Product<Services> = {
  name: 'market-data',
  api: async (v1, s) => {
    await v1.register(coinsRoutes, { market: s.market });
  },
  plugin: async (app, s) => {
    await app.register(iconRoutes, { prefix: '/api/v1' });
    // Outside the apikey scope: a stock TradingView build reads public bars as it reads OKX's.
    await app.register(udfRoutes, { prefix: '/api/v1/udf', market: s.market });
    await app.register(publicWsRoutes, { market: s.market, feed: s.feed, candles: s.candleFeed, connections: s.wsConnections, signed: s.okxBusinessSigned });
  },
};
