import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balancesQuery, depositWalletRequest, depositWalletResponse, errorResponse, uidParams } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { selfByUid } from '../../../plugins/auth.js';
import { creditWalletOf, setCreditWallet } from './credit-wallet.js';

export interface CreditWalletRoutesOptions {
  db: Database;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['funds'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** The user's choice of the wallet deposits are credited to (issue 40). */
export const creditWalletRoutes: FastifyPluginAsyncZod<CreditWalletRoutesOptions> = async (app, { db, now }) => {
  app.get('/deposit-wallet/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The wallet the user’s deposits are credited to: funding (the default) or spot.',
      params: uidParams,
      querystring: balancesQuery,
      response: { 200: depositWalletResponse, ...errors },
    },
    handler: async (req) => ({ wallet: await creditWalletOf(db, selfByUid(req, req.params.uid)) }),
  });

  app.post('/deposit-wallet', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'Chooses the wallet the user’s deposits are credited to from now on, deposits already seen included.',
      body: depositWalletRequest,
      response: { 200: depositWalletResponse, ...errors },
    },
    config: { apiKeyIn: 'body' },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      await setCreditWallet(db, userId, req.body.wallet, now());
      return { wallet: req.body.wallet };
    },
  });
};
