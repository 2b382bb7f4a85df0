import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxAccountBalanceResponse, okxAccountConfigResponse, okxAssetBalancesResponse, okxCcyQuery, okxErrorResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { balancesOf } from '../../ledger/accounts.js';
import { findUserById } from '../accounts/index.js';
import { storedPositionMode } from '../futures/index.js';
import { okxCallerOf, okxRateLimit, okxSignedScope, type OkxAuthOptions } from './okx-auth.js';
import type { KeyBox } from './key-box.js';
import { ccyFilter, fundingAccount, tradingAccount, type PriceOf } from './okx-balances.js';

export interface V5AccountRoutesOptions {
  db: Database;
  box: KeyBox;
  priceOf: PriceOf;
  now: () => Date;
  events: OkxAuthOptions['events'];
}

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];

/** The permissions a key lists, in OKX's words for /account/config's `perm`. */
const OKX_PERM = { read: 'read_only', trade: 'trade', withdraw: 'withdraw' } as const;

/** OKX v5's private reads of balances and account settings (issue 42), each signed with a key that may read. */
export const v5AccountRoutes: FastifyPluginAsyncZod<V5AccountRoutesOptions> = async (app, { db, box, priceOf, now, events }) => {
  await app.register(okxSignedScope, { db, box, now, events });

  app.get('/api/v5/account/balance', {
    // OKX: 10 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(10, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: the trading account (our spot and futures wallets) per currency',
      querystring: okxCcyQuery,
      response: { 200: okxAccountBalanceResponse, ...errors },
    },
    handler: async (req) => {
      const rows = await balancesOf(db, okxCallerOf(req).userId);
      return { code: '0' as const, msg: '', data: [tradingAccount(rows, ccyFilter(req.query.ccy), priceOf, now())] };
    },
  });

  app.get('/api/v5/asset/balances', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(6, 1_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: the funding account (our funding wallet) per currency',
      querystring: okxCcyQuery,
      response: { 200: okxAssetBalancesResponse, ...errors },
    },
    handler: async (req) => {
      const rows = await balancesOf(db, okxCallerOf(req).userId);
      return { code: '0' as const, msg: '', data: fundingAccount(rows, ccyFilter(req.query.ccy)) };
    },
  });

  app.get('/api/v5/account/config', {
    // OKX: 5 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(5, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the account’s settings and the key’s own', response: { 200: okxAccountConfigResponse, ...errors } },
    handler: async (req) => {
      const caller = okxCallerOf(req);
      const uid = String((await findUserById(db, caller.userId))?.uid ?? '');
      return {
        code: '0' as const,
        msg: '',
        data: [
          {
            uid,
            mainUid: uid,
            // Spot and futures on one account: OKX's "futures mode".
            acctLv: '2',
            posMode: (await storedPositionMode(db, caller.userId)) === 'one_way' ? 'net_mode' : 'long_short_mode',
            autoLoan: false,
            greeksType: 'PA',
            level: 'Lv1',
            levelTmp: '',
            ctIsoMode: 'automatic',
            mgnIsoMode: 'automatic',
            spotOffsetType: '',
            label: caller.label,
            roleType: '0',
            perm: caller.permissions.map((p) => OKX_PERM[p]).join(','),
            ip: caller.ipAllowlist.join(','),
          },
        ],
      };
    },
  });
};
