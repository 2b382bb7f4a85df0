import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxBooksQuery } from '@exchange/contract';
import { okxBook } from '../market-data/index.js';
import { venueOf, type V5Deps } from './deps.js';
import { OKX_LIMITS } from './limits.js';
import { okxData } from './okx-reply.js';

export const BOOKS_MAX_SIZE = 400;

/** OKX v5 GET /api/v5/market/books, public (no apikey, like OKX). An unknown instId answers HTTP 200 with 51001, as OKX does. */
export const okxBooksRoutes: FastifyPluginAsyncZod<{ deps: V5Deps }> = async (app, { deps }) => {
  app.get('/market/books', {
    config: OKX_LIMITS.books,
    schema: {
      tags: ['market (OKX v5)'],
      summary: 'Order book: asks ascending, bids descending, [px, sz, "0", orders]',
      querystring: okxBooksQuery,
    },
    handler: async (request) => {
      const market = venueOf(deps, request.query.instId);
      const requested = Number.parseInt(request.query.sz ?? '1', 10);
      const size = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), BOOKS_MAX_SIZE) : 1;
      return okxData([okxBook(market, size, Date.now())]);
    },
  });
};
