import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxBatchOrdersBody, okxCancelOrderBody, okxErrorResponse, okxOrderAckResponse, okxPlaceOrderBody } from '@exchange/contract';
import { okxCallerOf, okxRateLimit } from '../api-keys/index.js';
import { bulkEnvelope } from './bulk-envelope.js';
import { cancelAnyOrder, placeAnyOrder, placeAnyOrders, type TradeDeps } from './order-dispatch.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];

/** OKX v5's order entry for spot and contracts (issue 42): place one or a batch, cancel; each signed with a key that may trade. */
export const okxTradeRoutes: FastifyPluginAsyncZod<TradeDeps> = async (app, options) => {
  app.post('/api/v5/trade/order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(60, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: place a spot order (limit, market, post_only, ioc, fok; tdMode cash) or a contract order (limit, market; tdMode isolated or cross, posSide long or short)',
      body: okxPlaceOrderBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope([await placeAnyOrder(options, okxCallerOf(req).userId, req.body)]),
  });

  app.post('/api/v5/trade/batch-orders', {
    // OKX: 300 orders per 2 seconds; ccxt places every single order through this call.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(300, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: place up to 20 spot or contract orders, each answered on its own',
      body: okxBatchOrdersBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope(await placeAnyOrders(options, okxCallerOf(req).userId, req.body)),
  });

  app.post('/api/v5/trade/cancel-order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(60, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: cancel a spot or contract order by ordId or clOrdId',
      body: okxCancelOrderBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope([await cancelAnyOrder(options, okxCallerOf(req).userId, req.body)]),
  });
};
