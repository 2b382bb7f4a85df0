import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okxBatchOrdersBody, okxCancelOrderBody, okxErrorResponse, okxOrderAckResponse, okxPlaceOrderBody, type OkxOrderAck } from '@exchange/contract';
import { okxCallerOf, okxRateLimit } from '../api-keys/index.js';
import { cancelOkxOrder } from './cancel-order.js';
import { placeOkxOrder, type PlaceDeps } from './place-order.js';

const errors = { '4xx': okxErrorResponse, '5xx': okxErrorResponse };
const tags = ['trading-api'];
const security = [{ okxSignature: [] }];

/**
 * OKX's envelope of a place or cancel call: code "0" when every order went through, "1" when none
 * did (each order's refusal in its sCode, HTTP 200), "2" when some did.
 */
function ackEnvelope(acks: OkxOrderAck[]) {
  const failed = acks.filter((a) => a.sCode !== '0').length;
  if (failed === 0) return { code: '0', msg: '', data: acks };
  if (failed === acks.length) return { code: '1', msg: acks.length === 1 ? 'Operation failed.' : 'All operations failed', data: acks };
  return { code: '2', msg: 'Bulk operation partially succeeded.', data: acks };
}

/** OKX v5's order entry for spot (issue 42): place one or a batch, cancel; each signed with a key that may trade. */
export const okxTradeRoutes: FastifyPluginAsyncZod<PlaceDeps> = async (app, options) => {
  app.post('/api/v5/trade/order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(60, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: place a spot order (limit, market, post_only, ioc, fok; tdMode cash)',
      body: okxPlaceOrderBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => ackEnvelope([await placeOkxOrder(options, okxCallerOf(req).userId, req.body)]),
  });

  app.post('/api/v5/trade/batch-orders', {
    // OKX: 300 orders per 2 seconds; ccxt places every single order through this call.
    config: { okxPermission: 'trade', rateLimit: okxRateLimit(300, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: place up to 20 spot orders, each answered on its own',
      body: okxBatchOrdersBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => {
      const userId = okxCallerOf(req).userId;
      const acks: OkxOrderAck[] = [];
      // One after the other: each order's checks see the holds of the ones before it.
      for (const order of req.body) acks.push(await placeOkxOrder(options, userId, order));
      return ackEnvelope(acks);
    },
  });

  app.post('/api/v5/trade/cancel-order', {
    // OKX: 60 requests per 2 seconds.
    config: { okxPermission: 'trade', whileFrozen: true, rateLimit: okxRateLimit(60, 2_000) },
    schema: {
      tags,
      security,
      summary: 'OKX v5: cancel a spot order by ordId or clOrdId',
      body: okxCancelOrderBody,
      response: { 200: okxOrderAckResponse, ...errors },
    },
    handler: async (req) => ackEnvelope([await cancelOkxOrder(options, okxCallerOf(req).userId, req.body)]),
  });
};
