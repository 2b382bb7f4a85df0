import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  futuresCancelAllQuery,
  futuresCancelResponse,
  futuresFundingHistoryResponse,
  futuresHistoryQuery,
  futuresListMessages,
  futuresOpenOrdersQuery,
  futuresOpenOrdersResponse,
  futuresOrderParams,
  futuresPositionHistoryResponse,
  FUTURES_LIST_MAX,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FuturesService } from './futures-service.js';
import { closedPositions, fundingPayments, orderOwner, restingOrderIds } from './list-store.js';
import { toClosedPosition, toFundingPayment, toOpenOrder } from './list-views.js';
import type { LiveOrder } from './types.js';

export interface FuturesListRoutesOptions {
  db: Database;
  futures: FuturesService;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['futures'];
const security = [{ bearerAuth: [], apiKey: [] }];

/** A page of `limit` rows out of `limit` + 1 read, and the cursor of the next page. */
function page<R>(rows: readonly R[], limit: number, idOf: (r: R) => string): { rows: R[]; next: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > limit && last !== undefined ? idOf(last) : null };
}

/**
 * The futures page's lists and cancels (issue 41), mounted under /api/v1 on the venues' owner:
 * open orders, cancel one or all, closed positions and funding payments.
 */
export const futuresListRoutes: FastifyPluginAsyncZod<FuturesListRoutesOptions> = async (app, { db, futures }) => {
  app.get('/futures/orders/open', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The caller’s futures orders resting on the books, newest first: opening and reduce-only, with what each still holds.',
      querystring: futuresOpenOrdersQuery,
      response: { 200: futuresOpenOrdersResponse, ...errors },
    },
    handler: async (req) => {
      const ids = await restingOrderIds(db, req.userId as string, req.query.contract, req.query.limit);
      return ids.map((id) => futures.restingOrder(id)).filter((o): o is LiveOrder => o !== undefined).map(toOpenOrder);
    },
  });

  app.delete('/futures/orders/:order_id', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Cancels one of the caller’s resting futures orders: what it holds goes back to the futures wallet; what filled stays in its position.',
      params: futuresOrderParams,
      response: { 200: futuresCancelResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.userId as string;
      const found = await orderOwner(db, req.params.order_id);
      // Another user's order is no more known than a missing one.
      if (!found || found.userId !== userId) throw new AppError(404, futuresListMessages.orderNotFound, 'NOT_FOUND');
      if (!found.open) throw new AppError(409, futuresListMessages.orderNotOpen, 'ORDER_NOT_OPEN');
      const canceled = await futures.cancel(userId, [req.params.order_id]);
      if (canceled.length === 0) throw new AppError(409, futuresListMessages.orderNotOpen, 'ORDER_NOT_OPEN');
      return { success: true as const, message: futuresListMessages.canceled(1), order_ids: canceled.map((o) => o.id) };
    },
  });

  app.delete('/futures/orders', {
    preHandler: app.requireVerified,
    schema: {
      tags,
      security,
      description: 'Cancels every resting futures order of the caller, or of one contract; answers the ids canceled.',
      querystring: futuresCancelAllQuery,
      response: { 200: futuresCancelResponse, ...errors },
    },
    handler: async (req) => {
      const userId = req.userId as string;
      const ids = await restingOrderIds(db, userId, req.query.contract, FUTURES_LIST_MAX);
      const canceled = ids.length === 0 ? [] : await futures.cancel(userId, ids);
      return { success: true as const, message: futuresListMessages.canceled(canceled.length), order_ids: canceled.map((o) => o.id) };
    },
  });

  app.get('/futures/positions/history', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The caller’s closed positions, newest first: size, entry and exit, realised profit with fees and funding apart, opened and closed times.',
      querystring: futuresHistoryQuery,
      response: { 200: futuresPositionHistoryResponse, ...errors },
    },
    handler: async (req) => {
      const rows = await closedPositions(db, req.userId as string, req.query.before, req.query.limit);
      const { rows: shown, next } = page(rows, req.query.limit, (r) => r.id);
      return { positions: shown.map(toClosedPosition), next_before: next };
    },
  });

  app.get('/futures/funding-history', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security,
      description: 'The funding the caller’s positions paid (below zero) or received, one row per position and funding time, newest first.',
      querystring: futuresHistoryQuery,
      response: { 200: futuresFundingHistoryResponse, ...errors },
    },
    handler: async (req) => {
      const rows = await fundingPayments(db, req.userId as string, req.query.before, req.query.limit);
      const { rows: shown, next } = page(rows, req.query.limit, (r) => r.id);
      return { payments: shown.map(toFundingPayment), next_before: next };
    },
  });
};
