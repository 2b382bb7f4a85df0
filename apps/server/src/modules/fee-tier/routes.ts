import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, feeTierQuery, feeTierResponse } from '@exchange/contract';
import { selfByUid } from '../../plugins/auth.js';
import { feeTierFor, type FeeTierDeps } from './service.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };

/** GET /api/v1/fee-tier (spec 3 §2 "Profile", §9): the trading fee tier and its figures. */
export const feeTierRoutes: FastifyPluginAsyncZod<FeeTierDeps> = async (app, deps) => {
  app.get('/fee-tier', {
    preHandler: app.authenticate,
    schema: {
      tags: ['accounts'],
      security: [{ bearerAuth: [], apiKey: [] }],
      description:
        'Level 1 or Premium (spec 3 §9): the USDT value of the user\u2019s spot and futures fills of the last 30 days, and of their balances and Earn principal at last prices.',
      querystring: feeTierQuery,
      response: { 200: feeTierResponse, ...errors },
    },
    handler: (req) => feeTierFor(deps, selfByUid(req, req.query.uid)),
  });
};
