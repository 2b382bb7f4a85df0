import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorCodes, errorResponse, outboxPageQuery, outboxQuery, outboxResponse, serverMessages } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { normalizeEmail } from '../accounts/index.js';
import { isLoopbackAddress } from './loopback.js';
import { listOutbox } from './queries.js';
import { OUTBOX_PAGE_PATH, renderOutboxPage } from './page.js';

/** A request a proxy passed on came from elsewhere, even though the proxy connects from loopback. */
function wasForwarded(req: FastifyRequest): boolean {
  return req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
}

/**
 * Development mailbox, registered only when no SMTP server is configured. The mails hold sign-up and
 * reset codes, so only a client on this machine may read them: the socket's own peer address decides,
 * never X-Forwarded-For, which any client can write. Others get the 404 of a route that does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', async (req, reply) => {
    if (!isLoopbackAddress(req.socket.remoteAddress) || wasForwarded(req)) {
      return reply.status(404).send({ message: serverMessages.notFound, code: apiErrorCodes.notFound });
    }
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/dev/outbox', {
    schema: {
      tags: ['dev'],
      description: 'The mails sent to one address, newest first. Answers only clients on the loopback interface.',
      querystring: outboxQuery,
      response: { 200: outboxResponse, '4xx': errorResponse },
    },
    handler: (req) => listOutbox(db, normalizeEmail(req.query.to)),
  });

  app.get(OUTBOX_PAGE_PATH, {
    schema: { hide: true, querystring: outboxPageQuery },
    handler: async (req, reply) => {
      const to = req.query.to ? normalizeEmail(req.query.to) : undefined;
      const mails = to ? await listOutbox(db, to) : [];
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(to, mails));
    },
  });
};
