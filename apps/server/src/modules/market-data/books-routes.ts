import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxBooksQuery } from '@exchange/contract';
import type { MarketData } from './market-data.js';
import { okxBook } from './okx-format.js';

export const BOOKS_MAX_SIZE = 400;

/**
 * OKX v5 GET /api/v5/market/books, public (no apikey, like OKX). Errors answer HTTP 200 with an
 * OKX error code, as OKX does for 51001, so OKX clients read them the same way.
 */
export const okxBooksRoutes: FastifyPluginAsyncZod<{ market: MarketData }> = async (app, opts) => {
  app.get('/market/books', {
    schema: {
      tags: ['market (OKX v5)'],
      summary: 'Order book: asks ascending, bids descending, [px, sz, "0", orders]',
      querystring: okxBooksQuery,
    },
    handler: async (request) => {
      const market = opts.market.market(request.query.instId ?? '');
      if (!market) return { code: '51001', msg: 'Instrument ID does not exist', data: [] };
      const requested = Number.parseInt(request.query.sz ?? '1', 10);
      const size = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), BOOKS_MAX_SIZE) : 1;
      return { code: '0', msg: '', data: [okxBook(market, size, Date.now())] };
    },
  });
};
