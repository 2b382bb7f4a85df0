import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderParams,
  cancelOrderQuery,
  cancelOrderResponse,
  errorResponse,
  orderHistoryParams,
  orderHistoryQuery,
  orderHistoryResponse,
  placeOrderQuery,
  placeOrderResponse,
  spotMessages,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { keyedRequest } from '../../ledger/idempotency.js';
import { instId as instIdOf } from '../../shared/catalogue.js';
import { selfByUid } from '../../plugins/auth.js';
import { orderHistory, orderOwner } from './order-store.js';
import { toHistoryRow } from './order-view.js';
import type { SpotOrders } from './order-service.js';
import { parsePlaceOrder } from './parse-order.js';

export interface OrderRoutesOptions {
  db: Database;
  /** The spot service, or on a cluster's follower its stand-in that sends checked orders to the owner. */
  trading: Pick<SpotOrders, 'place' | 'cancel' | 'busy'>;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['spot'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** Spot orders (spec 1 §7): place, cancel and history, mounted under /api/v1. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { db, trading }) => {

  app.post('/orders', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description:
        'Every field in the query string. An Idempotency-Key header makes retries safe: the same key and query answer the first result.',
      querystring: placeOrderQuery,
      response: { 200: placeOrderResponse, ...errors },
    },
    // The answer is built by the trading service in exactly the contract's shape: checking it again
    // with zod on every order cost more than the rest of the reply's serialisation.
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.query.uid);
      const request = parsePlaceOrder(req.query, userId);
      const { apikey: _apikey, ...fields } = req.query;
      request.idempotency = keyedRequest(req.headers, { route: 'orders', ...fields });
      const { answer, replayed } = await trading.place(request);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  });

  app.delete('/orders/:orderId', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      params: cancelOrderParams,
      querystring: cancelOrderQuery,
      response: { 200: cancelOrderResponse, ...errors },
    },
    handler: async (req) => {
      const found = await orderOwner(db, req.params.orderId);
      if (!found || found.userId !== req.userId) throw new AppError(404, spotMessages.orderNotFound, 'NOT_FOUND');
      if (!found.open) throw new AppError(400, spotMessages.notCancelable, 'NOT_CANCELABLE');
      return trading.cancel({
        kind: 'cancel',
        userId: found.userId,
        orderId: req.params.orderId,
        instId: instIdOf(found.symbol),
      });
    },
  });

  app.get('/order-history/:uid', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      params: orderHistoryParams,
      querystring: orderHistoryQuery,
      response: { 200: orderHistoryResponse, ...errors },
    },
    handler: async (req) => {
      const userId = selfByUid(req, req.params.uid);
      const rows = await orderHistory(db, userId, {
        side: req.query.order_type,
        status: req.query.status,
        coinId: req.query.coin_id,
        limit: req.query.limit,
      });
      return rows.map(toHistoryRow);
    },
  });
};
