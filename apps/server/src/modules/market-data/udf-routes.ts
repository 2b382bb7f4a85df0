import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { udfHistoryQuery, udfSearchQuery, udfSymbolQuery } from '@exchange/contract';
import type { MarketData } from './market-data.js';
import { parseResolution } from './resolutions.js';
import { resolveUdfSymbol, udfConfig, udfSearch, udfSymbolInfo } from './udf.js';

const SEARCH_MAX = 100;
const COUNTBACK_MAX = 5000;
const tags = ['chart (UDF)'];
const security = [{ apiKey: [] }];

function udfError(reply: FastifyReply, errmsg: string) {
  return reply.status(400).send({ s: 'error', errmsg });
}

function intParam(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** TradingView UDF data feed; errors keep the UDF shape ({s:'error', errmsg}) the chart library reads. */
export const udfRoutes: FastifyPluginAsyncZod<{ market: MarketData }> = async (app, opts) => {
  app.get('/config', { schema: { tags, security } }, async () => udfConfig);

  app.get('/time', { schema: { tags, security } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(String(Math.floor(opts.market.now / 1000))),
  );

  app.get('/symbols', { schema: { tags, security, querystring: udfSymbolQuery } }, async (request, reply) => {
    const coin = resolveUdfSymbol(request.query.symbol ?? '');
    return coin ? udfSymbolInfo(coin) : reply.status(404).send({ s: 'error', errmsg: 'unknown_symbol' });
  });

  app.get('/search', { schema: { tags, security, querystring: udfSearchQuery } }, async (request) => {
    const limit = intParam(request.query.limit);
    const n = limit !== undefined && Number.isFinite(limit) && limit > 0 ? Math.min(limit, SEARCH_MAX) : 30;
    return udfSearch(request.query.query ?? '', n);
  });

  app.get('/history', { schema: { tags, security, querystring: udfHistoryQuery } }, async (request, reply) => {
    const q = request.query;
    const coin = resolveUdfSymbol(q.symbol ?? '');
    if (!coin) return udfError(reply, 'unknown_symbol');
    const resolution = parseResolution(q.resolution ?? '');
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
    return opts.market.candles.history(coin.symbol, resolution, from ?? 0, to, cb);
  });
};
