import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coinTransactionQuery,
  coinTransactionResponse,
  depositAddressQuery,
  depositAddressResponse,
  errorResponse,
  fundsMessages,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError, codedError } from '../../errors.js';
import { balancesOf } from '../../ledger/accounts.js';
import { selfByUid } from '../../plugins/auth.js';
import { coins, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';
import type { AddressKeys } from './addresses/address-keys.js';
import { depositAddressFor } from './deposit-addresses.js';
import { networkById, networksOfCoin } from './networks.js';

export interface FundsRoutesOptions {
  db: Database;
  keys: AddressKeys;
  lastPrice(symbol: string): string | undefined;
  /** Whether a chain serves the network (a real adapter, or the simulator when it is on). */
  serves(networkId: number): boolean;
  /** Whether users may send the network test coins from the chain simulator (SIMULATED_CHAINS=on). */
  simulatesForUsers(networkId: number): boolean;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['funds'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** The coins with the networks a chain serves here, and each user's derived addresses. */
export const fundsRoutes: FastifyPluginAsyncZod<FundsRoutesOptions> = async (app, { db, keys, lastPrice, serves, simulatesForUsers }) => {
  app.get('/coin-transaction', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: coinTransactionQuery, response: { 200: coinTransactionResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const balances = await balancesOf(db, userId);
      const balance = (symbol: string, wallet: 'spot' | 'funding') =>
        new Dec(balances.find((b) => b.asset === symbol && b.wallet === wallet)?.available ?? '0').toFixed();
      const listed = [{ pair_id: 0, symbol: QUOTE_ASSET, name: 'Tether', price: '1' }, ...coins];
      return listed
        .map((c) => ({ coin: c, networks: networksOfCoin(c.symbol).filter((n) => serves(n.id)) }))
        .filter((c) => c.networks.length > 0)
        .map(({ coin, networks }) => ({
          coin_id: coin.pair_id,
          symbol: coin.symbol,
          name: coin.name,
          logo_path: coinIconPath(coin.symbol),
          price: coin.symbol === QUOTE_ASSET ? '1' : (lastPrice(coin.symbol) ?? coin.price),
          funding_balance: balance(coin.symbol, 'funding'),
          spot_balance: balance(coin.symbol, 'spot'),
          networks: networks.map((n) => {
            const terms = n.coins.find((c) => c.symbol === coin.symbol);
            return {
              id: n.id,
              code: n.code,
              name: n.name,
              address_format: n.address_format,
              scheme: n.scheme,
              memo: n.memo,
              confirmations: n.confirmations,
              withdraw_fee: terms?.withdraw_fee ?? '0',
              min_deposit: terms?.min_deposit ?? '0',
              decimals: terms?.decimals ?? 0,
              simulated: simulatesForUsers(n.id),
            };
          }),
        }));
    },
  });

  app.get('/deposit-address', {
    preHandler: app.requireVerified,
    schema: { tags, security, querystring: depositAddressQuery, response: { 200: depositAddressResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const network = networkById(req.query.network_id);
      if (!network) throw new AppError(404, fundsMessages.unknownNetwork, 'UNKNOWN_NETWORK');
      // An address on a network nobody watches would take coins that are never credited.
      if (!serves(network.id)) throw codedError(404, 'NETWORK_CLOSED', 'deposit.networkClosed', { network: network.code });
      const stored = await depositAddressFor(db, keys, userId, network);
      return { network_id: network.id, network: network.code, address: stored.address, memo: stored.memo };
    },
  });
};
