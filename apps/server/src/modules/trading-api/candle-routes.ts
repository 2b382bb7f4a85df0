import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OKX_BARS, okxCandlesQuery } from '@exchange/contract';
import { okxCandles, sourceOf } from '../market-data/index.js';
import { statsKey, venueOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { okxData, paramError } from './okx-reply.js';
import { isOneOf, limitParam, msParam } from './params.js';

const tags = ['market (OKX v5)'];
const PAGE_DEFAULT = 100;

/**
 * GET /api/v5/market/candles (limit up to 300) and /market/history-candles (up to 100). Both read
 * the same bars, every one market data keeps (days of minutes, years of days): OKX splits its
 * store at 1,440 bars, ours is one.
 */
export const okxCandleRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  const route = (path: string, max: number, config: { rateLimit: { max: number; timeWindow: number } }) =>
    app.get(path, {
      config,
      schema: {
        tags,
        summary: `Bars ${OKX_BARS.join(' ')}, newest first; after/before page by bar time in ms; limit 1-${max} (${PAGE_DEFAULT})`,
        querystring: okxCandlesQuery,
      },
      handler: async (request) => {
        const venue = venueOf(deps, request.query.instId);
        const bar = request.query.bar ?? '1m';
        if (!isOneOf(OKX_BARS, bar)) throw paramError('bar');
        const page = {
          after: msParam('after', request.query.after),
          before: msParam('before', request.query.before),
          limit: limitParam(request.query.limit, PAGE_DEFAULT, max),
        };
        const source = deps.market.candles.candles(statsKey(venue), sourceOf(bar));
        return okxData(okxCandles(source, bar, page, deps.market.now, venue.kind !== 'spot'));
      },
    });
  route('/market/candles', 300, OKX_LIMITS.candles);
  route('/market/history-candles', 100, OKX_LIMITS.historyCandles);
};
