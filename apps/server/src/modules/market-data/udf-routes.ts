import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { udfHistoryQuery, udfSearchQuery, udfSymbolQuery } from '@exchange/contract';
import type { MarketData } from './market-data.js';
import { okxBars, sourceOf } from './okx-candles.js';
import { statsKey } from './okx-format.js';
import { resolveUdfSymbol, udfConfig, udfSearch, udfSymbolInfo } from './udf.js';
import { udfHistory } from './udf-history.js';
import { parseUdfResolution } from './udf-resolutions.js';

const SEARCH_MAX = 100;
const COUNTBACK_MAX = 5000;
const tags = ['chart (UDF)'];
/** Per address: a chart asks for config, symbol and a few pages of history at a time. */
const config = { rateLimit: { max: 200, timeWindow: 10_000 } };

function udfError(reply: FastifyReply, errmsg: string) {
  return reply.status(400).send({ s: 'error', errmsg });
}

function intParam(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * TradingView UDF data feed; errors keep the UDF shape ({s:'error', errmsg}) the chart library reads.
 * Public market data, as the OKX book is: no apikey (one sent is ignored), and any page may read it
 * (CORS `*` on every answer; the calls are simple GETs, so no preflight).
 */
export const udfRoutes: FastifyPluginAsyncZod<{ market: MarketData }> = async (app, opts) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });

  app.get('/config', { config, schema: { tags } }, async () => udfConfig);

  app.get('/time', { config, schema: { tags } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(String(Math.floor(opts.market.now / 1000))),
  );

  app.get('/symbols', { config, schema: { tags, querystring: udfSymbolQuery } }, async (request, reply) => {
    const venue = resolveUdfSymbol(opts.market, request.query.symbol ?? '');
    return venue ? udfSymbolInfo(venue) : reply.status(404).send({ s: 'error', errmsg: 'unknown_symbol' });
  });

  app.get('/search', { config, schema: { tags, querystring: udfSearchQuery } }, async (request) => {
    const q = request.query;
    const limit = intParam(q.limit);
    const n = limit !== undefined && Number.isFinite(limit) && limit > 0 ? Math.min(limit, SEARCH_MAX) : 30;
    return udfSearch(opts.market, { query: q.query ?? '', type: q.type ?? '', exchange: q.exchange ?? '', limit: n });
  });

  app.get('/history', { config, schema: { tags, querystring: udfHistoryQuery } }, async (request, reply) => {
    const q = request.query;
    const venue = resolveUdfSymbol(opts.market, q.symbol ?? '');
    if (!venue) return udfError(reply, 'unknown_symbol');
    const resolution = parseUdfResolution(q.resolution ?? '');
    if (!resolution) return udfError(reply, 'unsupported resolution');
    const from = intParam(q.from);
    const to = intParam(q.to);
    const countback = intParam(q.countback);
    if (to === undefined || !Number.isFinite(to)) return udfError(reply, 'to must be a unix time in seconds');
    if (countback !== undefined && !(Number.isFinite(countback) && countback >= 0)) {
      return udfError(reply, 'countback must be a non-negative integer');
    }
    if (!countback) {
      if (from === undefined || !Number.isFinite(from)) return udfError(reply, 'from must be a unix time in seconds');
      if (from > to) return udfError(reply, 'from must not be after to');
    }
    const cb = countback ? Math.min(countback, COUNTBACK_MAX) : undefined;
    const key = statsKey(venue);
    if ('kept' in resolution) return opts.market.candles.history(key, resolution.kept, from ?? 0, to, cb);
    const bars = okxBars(opts.market.candles.candles(key, sourceOf(resolution.bar)), resolution.bar);
    return udfHistory(bars, from ?? 0, to, cb);
  });
};
