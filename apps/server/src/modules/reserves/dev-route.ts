import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorCodes, errorResponse, reservesSnapshotTakenResponse, serverMessages } from '@exchange/contract';
import { isLoopbackAddress } from '../outbox/index.js';
import { takeSnapshot, type ReservesDeps } from './service.js';
import { snapshotAnswer } from './store.js';

/**
 * An operator's snapshot from this machine while the server runs (the admin command cannot open the
 * embedded database then): only a client on the loopback interface, never through a proxy; others
 * get the 404 of a route that does not exist.
 */
export const reservesDevRoute: FastifyPluginAsyncZod<ReservesDeps> = async (app, deps) => {
  app.addHook('onRequest', async (req, reply) => {
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (!isLoopbackAddress(req.socket.remoteAddress) || forwarded) {
      return reply.status(404).send({ message: serverMessages.notFound, code: apiErrorCodes.notFound });
    }
  });

  app.post('/api/dev/proof-of-reserves/snapshot', {
    schema: {
      tags: ['dev'],
      description: 'Takes a proof-of-reserves snapshot now. Answers only clients on the loopback interface.',
      response: { 200: reservesSnapshotTakenResponse, '4xx': errorResponse },
    },
    // A request from this machine is an operator's: audited as the command line's are.
    handler: async (req) => ({ snapshot: snapshotAnswer(await takeSnapshot(deps, { operator: 'dev-route:loopback', role: 'cli', address: req.ip })) }),
  });
};
