import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OKX_BARS, okxCandlesQuery } from '@exchange/contract';
import { okxCandles, sourceOf } from '../market-data/index.js';
import { statsKey, venueOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { instrumentMissing, okxData, paramError } from './okx-reply.js';
import { isOneOf, limitParam, msParam } from './params.js';

const tags = ['market (OKX v5)'];
const PAGE_DEFAULT = 100;
/** OKX's page of mark price bars: at most 100, and 100 when not given. */
const MARK_MAX = 100;

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

  // A contract's mark price bars: what its mark was at each risk step since the server started.
  for (const [path, config] of [
    ['/market/mark-price-candles', OKX_LIMITS.markPriceCandles],
    ['/market/history-mark-price-candles', OKX_LIMITS.historyMarkPriceCandles],
  ] as const) {
    app.get(path, {
      config,
      schema: {
        tags,
        summary: `A contract’s mark price bars ${OKX_BARS.join(' ')}, newest first, rows [ts,o,h,l,c,confirm]; limit 1-${MARK_MAX} (${MARK_MAX})`,
        querystring: okxCandlesQuery,
      },
      handler: async (request) => {
        const venue = venueOf(deps, request.query.instId);
        if (venue.kind === 'spot') throw instrumentMissing();
        const bar = request.query.bar ?? '1m';
        if (!isOneOf(OKX_BARS, bar)) throw paramError('bar');
        const page = {
          after: msParam('after', request.query.after),
          before: msParam('before', request.query.before),
          limit: limitParam(request.query.limit, MARK_MAX, MARK_MAX),
        };
        const source = deps.markCandles.candles.candles(venue.instId, sourceOf(bar));
        const rows = okxCandles(source, bar, page, deps.market.now, true);
        return okxData(rows.map(([ts, o, h, l, c, , , , confirm]) => [ts, o, h, l, c, confirm]));
      },
    });
  }
};
