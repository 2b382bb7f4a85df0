import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxBillsQuery, okxBillsResponse, okxErrorResponse, type OkxBillsQuery } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { billsOf, type BillPage } from '../../ledger/bills.js';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { JOURNAL_KINDS, kindsOfType, okxBillOf, type BillAccount } from './bill-shapes.js';
import { billIdOf, ccyOf, limitOf, timeOf } from './paging.js';

export interface BillRoutesOptions {
  db: Database;
  now: () => Date;
}

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const DAY = 86_400_000;
const WALLETS: Record<BillAccount, BillPage['wallets']> = { trading: ['spot', 'futures'], funding: ['funding'] };

/** The bills of each instrument type: its trades' (fills, funding, ADL, delivery). Transfers, deposits and the like have none. */
const TRADE_KINDS: Record<string, readonly string[]> = {
  SPOT: ['spot_fill'],
  SWAP: ['futures_fill', 'futures_funding', 'futures_adl'],
  FUTURES: ['futures_fill', 'futures_delivery', 'futures_adl'],
  MARGIN: [],
  OPTION: [],
};

/**
 * The journal kinds a bills call asks for: of `type`, and with `instType` only the bills of that
 * instrument type, as OKX filters the trading account's (a transfer or a deposit has no instType, so
 * it is left out; without `instType` every bill is listed).
 */
function kindsOf(query: OkxBillsQuery, account: BillAccount): string[] | undefined {
  let kinds: string[] | undefined = query.type ? kindsOfType(account, query.type, JOURNAL_KINDS) : undefined;
  // OKX's funding bills (asset/bills) have no instType parameter; ccxt sends one anyway, which OKX ignores.
  if (query.instType && account === 'trading') {
    const trades = TRADE_KINDS[query.instType];
    if (!trades) throw new OkxError(okxCodes.parameter, 'instType');
    kinds = (kinds ?? [...JOURNAL_KINDS]).filter((k) => trades.includes(k));
  }
  return kinds;
}

/** The page a bills call asks for within `windowMs` before now; null when no bill can match. */
function billPage(query: OkxBillsQuery, userId: string, account: BillAccount, now: Date, windowMs: number): BillPage | null {
  const kinds = kindsOf(query, account);
  if (kinds && kinds.length === 0) return null;
  const begin = timeOf(query.begin, 'begin');
  const oldest = new Date(now.getTime() - windowMs);
  return {
    userId,
    wallets: WALLETS[account],
    asset: ccyOf(query.ccy),
    kinds,
    after: billIdOf(query.after, 'after'),
    before: billIdOf(query.before, 'before'),
    since: begin && begin > oldest ? begin : oldest,
    until: timeOf(query.end, 'end'),
    limit: limitOf(query.limit),
  };
}

/** OKX v5's bills (issue 42): the user's journal entries, newest first, paged by billId. */
export const okxBillRoutes: FastifyPluginAsyncZod<BillRoutesOptions> = async (app, { db, now }) => {
  const bills = async (query: OkxBillsQuery, userId: string, account: BillAccount, windowMs: number) => {
    const page = billPage(query, userId, account, now(), windowMs);
    const rows = page ? await billsOf(db, page) : [];
    return { code: '0' as const, msg: '', data: rows.map((r) => okxBillOf(account, r)) };
  };

  app.get('/api/v5/account/bills', {
    // OKX: 5 requests per second.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(5, 1_000) },
    schema: { tags, security, summary: 'OKX v5: the trading account’s bills of the last 7 days, newest first', querystring: okxBillsQuery, response: { 200: okxBillsResponse, ...errors } },
    handler: (req) => bills(req.query, okxCallerOf(req).userId, 'trading', 7 * DAY),
  });

  app.get('/api/v5/account/bills-archive', {
    // OKX: 5 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(5, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the trading account’s bills of the last 3 months, newest first', querystring: okxBillsQuery, response: { 200: okxBillsResponse, ...errors } },
    handler: (req) => bills(req.query, okxCallerOf(req).userId, 'trading', 92 * DAY),
  });

  app.get('/api/v5/asset/bills', {
    // OKX: 6 requests per second.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(6, 1_000) },
    schema: { tags, security, summary: 'OKX v5: the funding account’s bills of the last month, newest first', querystring: okxBillsQuery, response: { 200: okxBillsResponse, ...errors } },
    handler: (req) => bills(req.query, okxCallerOf(req).userId, 'funding', 31 * DAY),
  });
};
