import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idempotencyOutcomeParams, idempotencyOutcomeQuery, idempotencyOutcomeResponse, type IdempotencyOutcomeResponse } from '@exchange/contract';
import type { Idempotency } from '../../ledger/idempotency.js';
import { signedInUserId } from '../../plugins/auth.js';

const errors = { '4xx': errorResponse, '5xx': errorResponse };

/**
 * GET /api/v1/idempotency-keys/{key}: what became of the signed-in user's request sent with this
 * Idempotency-Key, from the database, on any process. A client whose call got no answer, or the 504
 * OUTCOME_UNKNOWN of a cluster (docs/deploy.md), learns here whether it was carried out.
 */
export const idempotencyRoutes: FastifyPluginAsyncZod<{ idempotency: Idempotency }> = async (app, { idempotency }) => {
  app.get('/idempotency-keys/:key', {
    preHandler: app.authenticate,
    schema: {
      tags: ['idempotency'],
      security: [{ bearerAuth: [], apiKey: [] }],
      description:
        'The outcome of the signed-in user\u2019s request sent with this Idempotency-Key (percent-encoded in the path): done with the status and body it answered, running, or none (nothing was done with it: sending it again carries it out once).',
      params: idempotencyOutcomeParams,
      querystring: idempotencyOutcomeQuery,
      response: { 200: idempotencyOutcomeResponse, ...errors },
    },
    handler: async (req): Promise<IdempotencyOutcomeResponse> => {
      const { key } = req.params;
      const found = await idempotency.outcome(signedInUserId(req), key);
      if (found.outcome !== 'done') return { key, outcome: found.outcome, status_code: null, answer: null };
      return { key, outcome: 'done', status_code: found.statusCode, answer: found.answer as IdempotencyOutcomeResponse['answer'] };
    },
  });
};
