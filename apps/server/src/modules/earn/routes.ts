import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earnAutoRequest,
  earnAutoResponse,
  earnBalanceQuery,
  earnBalanceResponse,
  earnEarningsResponse,
  earnPositionParams,
  earnPositionsResponse,
  earnProductsQuery,
  earnProductsResponse,
  earnRedeemRequest,
  earnRedeemResponse,
  earnSubscribeRequest,
  earnSubscribeResponse,
  earnUidQuery,
  errorResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { balancesOf } from '../../ledger/accounts.js';
import { keyedRequest } from '../../ledger/idempotency.js';
import { Dec } from '../../shared/decimal.js';
import { selfByUid } from '../../plugins/auth.js';
import type { EarnService } from './service.js';
import { allProducts, filterProducts, paymentsOf, positionsOf, totalsOf } from './store.js';
import { toPositionView, toProductView } from './view.js';

export interface EarnRoutesOptions {
  db: Database;
  service: EarnService;
  now: () => Date;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['earn'];
const security = [{ bearerAuth: [], apiKey: [] }];
/** Daily payments the earnings call lists: a year of one position, a month of a dozen. */
const PAYMENTS_LIMIT = 365;

/** Earn (spec 3 §2 and issue 18), mounted under /api/v1. */
export const earnRoutes: FastifyPluginAsyncZod<EarnRoutesOptions> = async (app, { db, service, now }) => {
  app.get('/earn/products', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'Earn products: a case-insensitive search on symbol or name, and the filter all, USDT, BTC or ETH',
      querystring: earnProductsQuery,
      response: { 200: earnProductsResponse, ...errors },
    },
    handler: async (req) => filterProducts(await allProducts(db), req.query.search, req.query.filter).map(toProductView),
  });

  app.post('/earn/subscriptions', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'Subscribes `amount` of the product\u2019s asset from the funding or spot wallet: the principal moves to Earn custody at once and earns from the next whole UTC day. An Idempotency-Key makes retries safe.',
      body: earnSubscribeRequest,
      response: { 201: earnSubscribeResponse, ...errors },
    },
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.body.uid);
      const { apikey: _apikey, ...fields } = req.body;
      const keyed = keyedRequest(req.headers, { route: 'earn-subscriptions', ...fields });
      const { answer, replayed } = await service.subscribe(
        userId,
        { productId: req.body.product_id, amount: req.body.amount, source: req.body.source },
        keyed,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer);
    },
  });

  app.post('/earn/positions/:id/redeem', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'Redeems `amount` of the position (the whole of it when absent) to the wallet it came from: a flexible one at any time, a fixed one from its maturity. What is left keeps earning.',
      params: earnPositionParams,
      body: earnRedeemRequest,
      response: { 200: earnRedeemResponse, ...errors },
    },
    handler: async (req) => service.redeem(selfByUid(req, req.body.uid), req.params.id, req.body.amount),
  });

  app.get('/earn/positions', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: earnUidQuery, response: { 200: earnPositionsResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const aprs = new Map((await allProducts(db)).map((p) => [p.id, p.apr.toFixed()]));
      const at = now();
      return (await positionsOf(db, userId)).map((p) => toPositionView(p, aprs.get(p.productId) ?? '0', at));
    },
  });

  app.get('/earn/balance', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: earnBalanceQuery, response: { 200: earnBalanceResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      const symbol = req.query.symbol.toUpperCase();
      const rows = await balancesOf(db, userId);
      const available = (wallet: 'funding' | 'spot') => new Dec(rows.find((b) => b.asset === symbol && b.wallet === wallet)?.available ?? '0').toFixed();
      return { symbol, funding: available('funding'), spot: available('spot') };
    },
  });

  app.get('/earn/earnings', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: earnUidQuery, response: { 200: earnEarningsResponse, ...errors } },
    handler: async (req) => {
      const userId = selfByUid(req, req.query.uid);
      return { totals: await totalsOf(db, userId), payments: await paymentsOf(db, userId, PAYMENTS_LIMIT) };
    },
  });

  app.get('/earn/auto-earn', {
    preHandler: app.authenticate,
    schema: { tags, security, querystring: earnUidQuery, response: { 200: earnAutoResponse, ...errors } },
    handler: async (req) => service.autoEarn(selfByUid(req, req.query.uid)),
  });

  app.post('/earn/auto-earn', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Turns Auto-earn on or off for an asset: while on, the daily job subscribes its idle funding balance to the asset\u2019s flexible product.',
      body: earnAutoRequest,
      response: { 200: earnAutoResponse, ...errors },
    },
    handler: async (req) => service.setAutoEarn(selfByUid(req, req.body.uid), req.body.symbol, req.body.enabled),
  });
};
