import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxCurrenciesQuery,
  okxCurrenciesResponse,
  okxDepositAddressQuery,
  okxDepositAddressResponse,
  okxDepositHistoryResponse,
  okxErrorResponse,
  okxFundsHistoryQuery,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { creditWalletOf, dayStart, depositAddressFor, depositPage, networksOfCoin, usedSince, type AddressKeys } from '../funds/index.js';
import { okxChainOf } from './chains.js';
import { currencyChains, type ChainFacts } from './currencies.js';
import { okxDepositOf } from './funds-shapes.js';
import { ccyOf, limitOf, timeOf } from './paging.js';

export interface DepositRoutesOptions {
  db: Database;
  keys: AddressKeys;
  serves: ChainFacts['serves'];
  pays: ChainFacts['pays'];
  /** The daily withdrawal limit in USDT. */
  dailyLimitUsdt: () => string;
  now: () => Date;
}

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const CCY_LIST = /^[A-Za-z0-9]{1,20}(,[A-Za-z0-9]{1,20}){0,19}$/;

/** OKX v5's currencies and the deposit side of the funding account (issue 42). */
export const okxDepositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { db, keys, serves, pays, dailyLimitUsdt, now }) => {
  app.get('/api/v5/asset/currencies', {
    // OKX: 6 requests per second. ccxt's loadMarkets calls it when the client has a key.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: every currency on every chain, with its deposit and withdrawal terms', querystring: okxCurrenciesQuery, response: { 200: okxCurrenciesResponse, ...errors } },
    handler: async (req) => {
      const ccy = req.query.ccy;
      if (ccy && !CCY_LIST.test(ccy)) throw new OkxError(okxCodes.parameter, 'ccy');
      const only = ccy ? new Set(ccy.toUpperCase().split(',')) : null;
      const used = await usedSince(db, okxCallerOf(req).userId, dayStart(now()));
      return { code: '0' as const, msg: '', data: currencyChains(only, { serves, pays, quota: { limit: dailyLimitUsdt(), used: used.toFixed() } }) };
    },
  });

  app.get('/api/v5/asset/deposit-address', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'withdraw', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: the user’s deposit address of a currency on each chain', querystring: okxDepositAddressQuery, response: { 200: okxDepositAddressResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const symbol = ccyOf(req.query.ccy);
      if (!symbol) throw new OkxError(okxCodes.parameterEmpty, 'ccy');
      // An address on a network nobody watches would take coins that are never credited.
      const open = networksOfCoin(symbol).filter((n) => serves(n.id));
      const to = (await creditWalletOf(db, userId)) === 'funding' ? '6' : '18';
      const data = [];
      for (const network of open) {
        const stored = await depositAddressFor(db, keys, userId, network);
        data.push({
          chain: okxChainOf(symbol, network.code),
          ctAddr: '',
          ccy: symbol,
          to,
          addr: stored.address,
          verifiedName: '',
          selected: true,
          ...(stored.memo ? { memo: stored.memo } : {}),
        });
      }
      return { code: '0' as const, msg: '', data };
    },
  });

  app.get('/api/v5/asset/deposit-history', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'withdraw', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: the user’s deposits, newest first, paged by time', querystring: okxFundsHistoryQuery, response: { 200: okxDepositHistoryResponse, ...errors } },
    handler: async (req) => {
      const q = req.query;
      const rows = await depositPage(db, {
        userId: okxCallerOf(req).userId,
        symbol: ccyOf(q.ccy),
        id: q.depId || undefined,
        txId: q.txId || undefined,
        after: timeOf(q.after, 'after'),
        before: timeOf(q.before, 'before'),
        limit: limitOf(q.limit),
      });
      return { code: '0' as const, msg: '', data: rows.map(okxDepositOf) };
    },
  });
};
