import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { listOutbox } from './queries.js';

/** Development mailbox: only registered when no SMTP server is configured. */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/outbox', {
    schema: {
      tags: ['dev'],
      querystring: z.object({ to: z.string().optional() }),
      response: { 200: outboxResponse },
    },
    handler: (req) => listOutbox(db, req.query.to?.trim().toLowerCase() || undefined),
  });
};
