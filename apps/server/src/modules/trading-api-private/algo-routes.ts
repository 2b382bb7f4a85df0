import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxAlgoAckResponse,
  okxAlgoListQuery,
  okxAlgoOrderBody,
  okxAlgoOrdersResponse,
  okxAlgoQuery,
  okxAmendAlgoAckResponse,
  okxAmendAlgoBody,
  okxCancelAlgosBody,
  okxErrorResponse,
  type OkxAlgoAck,
  type OkxAlgoListQuery,
} from '@exchange/contract';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { amendOkxAlgo } from './algo-amend.js';
import { cancelOkxAlgo, type AlgoCancelDeps } from './algo-cancel.js';
import { algoPage } from './algo-list-params.js';
import { placeOkxAlgo, type AlgoDeps } from './algo-place.js';
import { okxAlgoOrderOf } from './algo-shapes.js';
import { userAlgo, userAlgos } from './algo-store.js';
import { bulkEnvelope } from './bulk-envelope.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const ok = <T>(data: T[]) => ({ code: '0', msg: '', data });

export type AlgoRouteDeps = AlgoDeps & AlgoCancelDeps;

/** OKX v5's algo orders for spot (issue 42): stop-loss, take-profit and trigger orders, read and cancelled. */
export const okxAlgoRoutes: FastifyPluginAsyncZod<AlgoRouteDeps> = async (app, deps) => {
  app.post('/api/v5/trade/order-algo', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: place a spot algo order (conditional stop-loss/take-profit, oco, trigger); it fires on the last price',
      body: okxAlgoOrderBody,
      response: { 200: okxAlgoAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope([await placeOkxAlgo(deps, okxCallerOf(req).userId, req.body)]),
  });

  app.post('/api/v5/trade/cancel-algos', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: cancel up to 10 live algo orders by algoId or algoClOrdId, each answered on its own',
      body: okxCancelAlgosBody,
      response: { 200: okxAlgoAckResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const acks: OkxAlgoAck[] = [];
      for (const item of req.body) acks.push(await cancelOkxAlgo(deps, userId, item));
      return bulkEnvelope(acks);
    },
  });

  app.post('/api/v5/trade/amend-algos', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: amend a live conditional, oco or trigger algo order (size, trigger and order prices); the algoId stays',
      body: okxAmendAlgoBody,
      response: { 200: okxAmendAlgoAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope([await amendOkxAlgo(deps, okxCallerOf(req).userId, req.body)]),
  });

  app.get('/api/v5/trade/order-algo', {
    // OKX: 20 requests per 2 seconds; ccxt's fetchOrder with {stop: true} reads this one.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(20, 2_000) },
    schema: { tags, security, summary: 'OKX v5: one algo order by algoId or algoClOrdId', querystring: okxAlgoQuery, response: { 200: okxAlgoOrdersResponse, ...errors } },
    handler: async (req) => {
      if (!req.query.algoId && !req.query.algoClOrdId) throw new OkxError(okxCodes.orderIdMissing);
      const found = await userAlgo(deps.db, okxCallerOf(req).userId, req.query);
      if (!found) throw new OkxError(okxCodes.orderMissing);
      return ok([okxAlgoOrderOf(found)]);
    },
  });

  const list = async (query: OkxAlgoListQuery, userId: string, history: boolean) => {
    const page = algoPage(query, userId, history, deps.now());
    return ok(page ? (await userAlgos(deps.db, page)).map(okxAlgoOrderOf) : []);
  };

  app.get('/api/v5/trade/orders-algo-pending', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(20, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s live spot algo orders of the given ordType, newest first', querystring: okxAlgoListQuery, response: { 200: okxAlgoOrdersResponse, ...errors } },
    handler: (req) => list(req.query, okxCallerOf(req).userId, false),
  });

  app.get('/api/v5/trade/orders-algo-history', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(20, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: the key’s ended spot algo orders of the last 3 months (by state or algoId), newest first',
      querystring: okxAlgoListQuery,
      response: { 200: okxAlgoOrdersResponse, ...errors },
    },
    handler: (req) => list(req.query, okxCallerOf(req).userId, true),
  });
};
