import type { FastifyPluginAsync } from 'fastify';
import { coinListResponse } from '@exchange/contract';
import type { MarketData } from './market-data.js';

export const coinsRoutes: FastifyPluginAsync<{ market: MarketData }> = async (app, opts) => {
  app.get('/coins', {
    schema: {
      tags: ['market'],
      summary: 'Every listed coin with its last price and 24 h figures (BTC first, then by pair id)',
      security: [{ apiKey: [] }],
      response: { 200: coinListResponse },
    },
    // The body is serialised once a second by the market; a Buffer body skips the serializer.
    handler: async (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(opts.market.coinsBody()),
  });
};
