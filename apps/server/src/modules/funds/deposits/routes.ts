import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  depositHistoryResponse,
  errorResponse,
  transactionHistoryParams,
  transactionHistoryQuery,
  withdrawalHistoryResponse,
} from '@exchange/contract';
import { z } from 'zod';
import type { Database } from '../../../db/database.js';
import { selfByUid } from '../../../plugins/auth.js';
import { withdrawalsOf } from '../withdrawals/store.js';
import { toWithdrawalRecord } from '../withdrawals/view.js';
import { depositHistory } from './history.js';

export interface DepositRoutesOptions {
  db: Database;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['funds'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** The deposit and withdrawal history of spec 3 §7. */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { db }) => {
  app.get('/transaction-history/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The user’s deposits (transaction_type=deposit) or withdrawals (withdraw), newest first.',
      params: transactionHistoryParams,
      querystring: transactionHistoryQuery,
      response: { 200: z.union([depositHistoryResponse, withdrawalHistoryResponse]), ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      if (req.query.transaction_type === 'deposit') return depositHistory(db, userId, req.query.limit);
      return (await withdrawalsOf(db, userId, req.query.limit)).map(toWithdrawalRecord);
    },
  });
};
