import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OKX_INST_TYPES, okxInstIdQuery, okxInstTypeQuery, okxTradesQuery } from '@exchange/contract';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import type { Venue } from '../../venue/venue.js';
import { okxTicker, okxTrade, recentTrades } from '../market-data/index.js';
import { instTypeOf, statsKey, venueOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { okxData, paramEmpty, paramError } from './okx-reply.js';
import { isOneOf, limitParam } from './params.js';

const tags = ['market (OKX v5)'];
const TRADES_DEFAULT = 100;
const TRADES_MAX = 500;

/** The 24 h ticker; a contract nobody traded yet has its best quotes and empty prices. */
function tickerOf(deps: V5Deps, v: Venue, now: number): Record<string, string> {
  const stats = deps.market.ticker(statsKey(v));
  const empty = { ts: now, last: '', lastQty: '', open24h: '', high24h: '', low24h: '', quoteVolume24h: '0', volume24h: '0', openUtc0: '' };
  const ticker = okxTicker(v, { ...empty, symbol: statsKey(v), change24h: '0', changePercent24h: '0', ...stats }, now);
  // For a contract OKX counts vol24h in contracts and volCcy24h in the coin; one contract is one coin.
  const volCcy24h = v.kind === 'spot' ? ticker.volCcy24h : ticker.vol24h;
  return { ...ticker, instType: instTypeOf(v), volCcy24h, sodUtc8: ticker.sodUtc0 };
}

/** GET /api/v5/market/ticker, /market/tickers and /market/trades. */
export const okxMarketRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  app.get('/market/ticker', {
    config: OKX_LIMITS.ticker,
    schema: { tags, summary: 'One instrument’s 24 h ticker', querystring: okxInstIdQuery },
    handler: async (request) => okxData([tickerOf(deps, venueOf(deps, request.query.instId), Date.now())]),
  });

  app.get('/market/tickers', {
    config: OKX_LIMITS.tickers,
    schema: { tags, summary: 'The 24 h tickers of every instrument of one type (OPTION: none)', querystring: okxInstTypeQuery },
    handler: async (request) => {
      const { instType, uly, instFamily } = request.query;
      if (!instType) throw paramEmpty('instType');
      if (!isOneOf(OKX_INST_TYPES, instType)) throw paramError('instType');
      const family = (instFamily ?? uly)?.toUpperCase();
      const now = Date.now();
      const rows = [...deps.venues.all()]
        .filter((v) => instTypeOf(v) === instType && (v.kind === 'spot' || !deps.futures.isExpired(v.instId)))
        .filter((v) => family === undefined || `${v.coin.symbol}-${QUOTE_ASSET}` === family)
        .map((v) => tickerOf(deps, v, now));
      return okxData(rows);
    },
  });

  app.get('/market/trades', {
    config: OKX_LIMITS.trades,
    schema: { tags, summary: 'The newest trades of one instrument, newest first (limit 1-500, 100)', querystring: okxTradesQuery },
    handler: async (request) => {
      const venue = venueOf(deps, request.query.instId);
      const limit = limitParam(request.query.limit, TRADES_DEFAULT, TRADES_MAX);
      const trades = await recentTrades(deps.db, statsKey(venue), limit);
      return okxData(trades.map((t) => okxTrade(venue.instId, t)));
    },
  });
};
