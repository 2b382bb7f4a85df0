import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, simulateDepositRequest, simulateDepositResponse } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { selfByUid } from '../../../plugins/auth.js';
import type { AddressKeys } from '../addresses/address-keys.js';
import { sendTestDeposit } from './test-deposit.js';
import type { SimulatedChains } from './simulated-chain.js';

export interface SimulateDepositRouteOptions {
  db: Database;
  keys: AddressKeys;
  simulator: SimulatedChains;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };

/**
 * POST /api/v1/simulated-chain/deposits: registered only with SIMULATED_CHAINS=on (the embedded
 * default), so anywhere else it does not exist; a network a real adapter serves refuses it too.
 */
export const simulateDepositRoute: FastifyPluginAsyncZod<SimulateDepositRouteOptions> = async (app, { db, keys, simulator, now }) => {
  app.post('/simulated-chain/deposits', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags: ['funds'],
      security: [{ bearerAuth: [], apiKey: [] }],
      description:
        'SIMULATED_CHAINS=on only (the embedded default): the chain simulator sends the amount to the user’s own deposit address on the network; the watcher then confirms and credits it like any transfer.',
      body: simulateDepositRequest,
      response: { 200: simulateDepositResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      const t = await sendTestDeposit({ db, keys, simulator, nowMs: now().getTime() }, userId, req.body.network_id, req.body.symbol, req.body.amount);
      return { tx_hash: t.txHash, network: t.network, address: t.to, amount: t.amount };
    },
  });
};
