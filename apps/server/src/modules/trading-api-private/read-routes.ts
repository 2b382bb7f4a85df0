import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxErrorResponse, okxFillsResponse, okxOrderQuery, okxOrdersResponse, okxTradeListQuery, type OkxTradeListQuery } from '@exchange/contract';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { userFills, userOrder, userOrders } from '../spot/index.js';
import { orderIdOf } from './cancel-order.js';
import type { PlaceDeps } from './place-order.js';
import { listPage } from './list-params.js';
import { okxFillOf, okxOrderOf } from './okx-shapes.js';
import { isContractInstId } from './swap-orders.js';
import { isSwapList, swapFillList, swapOrderList, swapOrderRead } from './swap-reads.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
const DAY = 86_400_000;
type ReadDeps = Pick<PlaceDeps, 'db' | 'now'>;
const ok = <T>(data: T[]) => ({ code: '0', msg: '', data });

/** OKX v5's reads of a key's spot orders and fills (issue 42), each signed with a key that may read. */
export const okxTradeReadRoutes: FastifyPluginAsyncZod<ReadDeps> = async (app, { db, now }) => {
  app.get('/api/v5/trade/order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(60, 2_000) },
    schema: { tags, security, summary: 'OKX v5: one spot order by ordId or clOrdId', querystring: okxOrderQuery, response: { 200: okxOrdersResponse, ...errors } },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      if (!req.query.instId) throw new OkxError(okxCodes.parameterEmpty, 'instId');
      if (!req.query.ordId && !req.query.clOrdId) throw new OkxError(okxCodes.orderIdMissing);
      if (isContractInstId(req.query.instId)) return ok([await swapOrderRead(db, userId, req.query)]);
      const orderId = await orderIdOf({ db }, userId, req.query);
      const found = orderId && /^\d{1,19}$/.test(orderId) ? await userOrder(db, userId, orderId) : null;
      // Another user's order is not there for this key, as one that never existed.
      if (!found || found.order.instId !== req.query.instId.toUpperCase()) throw new OkxError(okxCodes.orderMissing);
      return ok([okxOrderOf(found)]);
    },
  });

  const orderList = async (query: OkxTradeListQuery, userId: string, open: boolean, windowMs: number | null) => {
    if (isSwapList(query)) return ok(await swapOrderList(db, now(), query, userId, open, windowMs));
    const page = listPage(query, userId, now(), windowMs);
    if (!page) return ok([]);
    const rows = await userOrders(db, open, page);
    return ok(rows.map((r) => okxOrderOf(r)));
  };

  app.get('/api/v5/trade/orders-pending', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(60, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s open spot orders, newest first', querystring: okxTradeListQuery, response: { 200: okxOrdersResponse, ...errors } },
    handler: (req) => orderList(req.query, okxCallerOf(req).userId, true, null),
  });

  app.get('/api/v5/trade/orders-history', {
    // OKX: 40 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(40, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s ended spot orders of the last 7 days, newest first', querystring: okxTradeListQuery, response: { 200: okxOrdersResponse, ...errors } },
    handler: async (req) => {
      if (!req.query.instType) throw new OkxError(okxCodes.parameterEmpty, 'instType');
      return orderList(req.query, okxCallerOf(req).userId, false, 7 * DAY);
    },
  });

  const fillList = async (query: OkxTradeListQuery, userId: string, windowMs: number) => {
    if (isSwapList(query)) return ok(await swapFillList(db, now(), query, userId, windowMs));
    const page = listPage(query, userId, now(), windowMs);
    if (!page) return ok([]);
    const rows = await userFills(db, page);
    return ok(rows.map((r) => okxFillOf(r)));
  };

  app.get('/api/v5/trade/fills', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(60, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s spot fills of the last 3 days, newest first', querystring: okxTradeListQuery, response: { 200: okxFillsResponse, ...errors } },
    handler: (req) => fillList(req.query, okxCallerOf(req).userId, 3 * DAY),
  });

  app.get('/api/v5/trade/fills-history', {
    // OKX: 10 requests per 2 seconds; ccxt's fetchMyTrades reads this one.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(10, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s spot fills of the last 3 months, newest first', querystring: okxTradeListQuery, response: { 200: okxFillsResponse, ...errors } },
    handler: (req) => fillList(req.query, okxCallerOf(req).userId, 90 * DAY),
  });
};
