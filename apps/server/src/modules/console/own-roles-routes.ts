import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, operatorRolesResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { rolesOf } from './roles.js';

/**
 * The signed-in user's own operator roles, mounted at /api/user_account: any session may ask about
 * itself, which is why it is not under /api/admin, whose every call needs an operator's right.
 */
export const ownRolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/operator-roles', {
    preHandler: app.authenticate,
    schema: {
      tags: ['operator console'],
      security: [{ bearerAuth: [] }],
      summary: 'The signed-in user’s operator roles (empty for a user who is no operator): the web shows the console’s entry by it',
      response: { 200: operatorRolesResponse, '4xx': errorResponse, '5xx': errorResponse },
    },
    handler: async (req) => ({ roles: await rolesOf(db, req.userId as string) }),
  });
};
