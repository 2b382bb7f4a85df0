import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okxAmendAckResponse,
  okxAmendOrderBody,
  okxCancelAllAfterBody,
  okxCancelAllAfterResponse,
  okxCancelBatchBody,
  okxErrorResponse,
  okxOrderAckResponse,
  okxOrdersResponse,
  okxTradeListQuery,
  type OkxOrderAck,
} from '@exchange/contract';
import { OkxError, okxCallerOf, okxCodes, okxRateLimit } from '../api-keys/index.js';
import { userOrders } from '../spot/index.js';
import { amendOkxOrder } from './amend-order.js';
import { bulkEnvelope } from './bulk-envelope.js';
import { CANCEL_ALL_AFTER_MAX_S, CANCEL_ALL_AFTER_MIN_S, type DeadManSwitch } from './cancel-all-after.js';
import { cancelOkxOrder } from './cancel-order.js';
import { listPage } from './list-params.js';
import { okxOrderOf } from './okx-shapes.js';
import type { PlaceDeps } from './place-order.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];
/** OKX keeps three months of ended orders on orders-history-archive. */
const ARCHIVE_MS = 90 * 86_400_000;

/** OKX v5's amend, bulk cancel, dead-man's switch and archive for spot (issue 42). */
export const okxOrderChangeRoutes: FastifyPluginAsyncZod<PlaceDeps & { deadMan: DeadManSwitch }> = async (app, deps) => {
  app.post('/api/v5/trade/amend-order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(60, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: amend a live spot order’s size (newSz, counting what filled) or price (newPx); replaced by a new ordId keeping its clOrdId',
      body: okxAmendOrderBody,
      response: { 200: okxAmendAckResponse, ...errors },
    },
    handler: async (req) => bulkEnvelope([await amendOkxOrder(deps, okxCallerOf(req).userId, req.body)]),
  });

  app.post('/api/v5/trade/cancel-batch-orders', {
    // OKX: 300 orders per 2 seconds; ccxt's cancelOrders sends this one.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(300, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: cancel up to 20 spot orders by ordId or clOrdId, each answered on its own',
      body: okxCancelBatchBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const acks: OkxOrderAck[] = [];
      for (const order of req.body) acks.push(await cancelOkxOrder(deps, userId, order));
      return bulkEnvelope(acks);
    },
  });

  app.post('/api/v5/trade/cancel-all-after', {
    // OKX: 1 request per second.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(1, 1_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: dead-man’s switch: cancel every open spot order of the key’s user after timeOut seconds (10-120; 0 turns it off)',
      body: okxCancelAllAfterBody,
      response: { 200: okxCancelAllAfterResponse, ...errors },
    },
    handler: async (req) => {
      const seconds = Number(req.body.timeOut);
      if (seconds !== 0 && (seconds < CANCEL_ALL_AFTER_MIN_S || seconds > CANCEL_ALL_AFTER_MAX_S)) throw new OkxError(okxCodes.parameter, 'timeOut');
      const lapses = deps.deadMan.set(okxCallerOf(req).userId, seconds);
      return { code: '0', msg: '', data: [{ triggerTime: lapses ? String(lapses.getTime()) : '0', tag: req.body.tag ?? '', ts: String(deps.now().getTime()) }] };
    },
  });

  app.get('/api/v5/trade/orders-history-archive', {
    // OKX: 20 requests per 2 seconds.
    config: { okxPermission: 'read', rateLimit: okxRateLimit(20, 2_000) },
    schema: { tags, security, summary: 'OKX v5: the key’s ended spot orders of the last 3 months, newest first', querystring: okxTradeListQuery, response: { 200: okxOrdersResponse, ...errors } },
    handler: async (req) => {
      if (!req.query.instType) throw new OkxError(okxCodes.parameterEmpty, 'instType');
      const userId = okxCallerOf(req).userId;
      const page = listPage(req.query, userId, deps.now(), ARCHIVE_MS);
      if (!page) return { code: '0', msg: '', data: [] };
      const rows = await userOrders(deps.db, false, page);
      return { code: '0', msg: '', data: rows.map((r) => okxOrderOf(r)) };
    },
  });
};
