import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  depositHistoryResponse,
  errorResponse,
  fundsMessages,
  simulateDepositRequest,
  simulateDepositResponse,
  transactionHistoryParams,
  transactionHistoryQuery,
  withdrawalHistoryResponse,
} from '@exchange/contract';
import { z } from 'zod';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { selfByUid } from '../../../plugins/auth.js';
import type { AddressKeys } from '../addresses/address-keys.js';
import { depositAddressFor } from '../deposit-addresses.js';
import { networkById } from '../networks.js';
import { withdrawalsOf } from '../withdrawals/store.js';
import { toWithdrawalRecord } from '../withdrawals/view.js';
import { depositHistory } from './history.js';
import type { SimulatedChains } from './simulated-chain.js';

export interface DepositRoutesOptions {
  db: Database;
  keys: AddressKeys;
  /** The chain simulator, on the embedded default only. */
  simulator: SimulatedChains | null;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['funds'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** The deposit history, and on the embedded default a way to pay one's own address from the simulated chain. */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { db, keys, simulator, now }) => {
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

  app.post('/simulated-chain/deposits', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Embedded default only: the chain simulator sends the amount to the user’s own deposit address on the network; the watcher then confirms and credits it like any transfer.',
      body: simulateDepositRequest,
      response: { 200: simulateDepositResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.body.uid);
      if (!simulator) throw new AppError(404, fundsMessages.simulatorOnly, 'NO_SIMULATOR');
      const network = networkById(req.body.network_id);
      if (!network) throw new AppError(404, fundsMessages.unknownNetwork, 'UNKNOWN_NETWORK');
      // A real chain (EVM_RPC_URL) takes real transfers only.
      if (!simulator.networkIds.includes(network.id)) throw new AppError(404, fundsMessages.simulatorOnly, 'NO_SIMULATOR');
      const symbol = req.body.symbol.toUpperCase();
      if (!network.coins.some((c) => c.symbol === symbol)) throw new AppError(400, fundsMessages.notOnNetwork(symbol, network.code), 'NOT_ON_NETWORK');
      const amount = parsePositiveAmount(req.body.amount);
      if (!amount) throw new AppError(400, 'Please enter a valid amount', 'VALIDATION');
      const address = await depositAddressFor(db, keys, userId, network);
      const t = await simulator.send(network.id, address.address, address.memo, symbol, amount, now().getTime());
      return { tx_hash: t.txHash, network: network.code, address: t.to, amount: t.amount };
    },
  });
};
