import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxQuery, outboxResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { listOutbox } from './queries.js';

/** Development mailbox: only registered when no SMTP server is configured. */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/outbox', {
    schema: {
      tags: ['dev'],
      querystring: outboxQuery,
      response: { 200: outboxResponse },
    },
    handler: (req) => listOutbox(db, req.query.to?.toLowerCase() || undefined),
  });
};
