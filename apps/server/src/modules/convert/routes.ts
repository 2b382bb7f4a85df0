import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONVERT_QUOTE_TTL_MS,
  conversionCurrenciesResponse,
  conversionRequest,
  conversionResponse,
  conversionsQuery,
  conversionsResponse,
  convertMessages,
  convertQuoteQuery,
  convertQuoteResponse,
  errorResponse,
} from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parsePositiveAmount } from '../../ledger/amounts.js';
import { keyedRequest } from '../../ledger/idempotency.js';
import { selfByUid } from '../../plugins/auth.js';
import { coins, QUOTE_ASSET } from '../../shared/catalogue.js';
import type { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';
import { pairOf, type ConvertService } from './convert-service.js';
import { userConversions } from './conversion-store.js';
import { rates } from './quote-math.js';
import { withinMaximum } from '../../shared/asset-limits.js';

export interface ConvertRoutesOptions {
  db: Database;
  convert: ConvertService;
  lastPrice(symbol: string): string | undefined;
}

const errors = { '4xx': errorResponse, '5xx': errorResponse };
const tags = ['convert'];

/** The amount of `from` to convert: a positive amount within the asset's maximum per operation. */
const amountOf = (raw: unknown, from: string): Dec => {
  const amount = parsePositiveAmount(raw);
  if (!amount) throw new AppError(400, convertMessages.invalidAmount, 'VALIDATION');
  return withinMaximum(amount, from);
};

/**
 * The client's converted amount: a spec-only client computes it with binary floats, so it may carry
 * more decimals than any balance; it is compared, never booked, so it is rounded, not refused.
 */
const claimedOf = (raw: unknown): Dec => {
  const text = typeof raw === 'number' ? raw.toFixed(18) : String(raw).trim();
  const value = parsePositiveAmount(/^\d+\.\d{19,}$/.test(text) ? text.slice(0, text.indexOf('.') + 19) : text);
  if (!value) throw new AppError(400, convertMessages.invalidAmount, 'VALIDATION');
  return value;
};

/** Conversions (spec 2 §7 and issue 15), mounted under /api/v1. */
export const convertRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (app, { db, convert, lastPrice }) => {
  app.get('/coin-conversions', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'Convertible currencies: USDT and every tradable coin, with its last price in USDT',
      response: { 200: conversionCurrenciesResponse },
    },
    handler: async () => [
      { id: 0, symbol: QUOTE_ASSET, name: 'Tether', image_path: coinIconPath(QUOTE_ASSET), price: '1' },
      ...coins
        .filter((c) => c.is_tradable)
        .map((c) => ({ id: c.pair_id, symbol: c.symbol, name: c.name, image_path: coinIconPath(c.symbol), price: lastPrice(c.symbol) ?? c.price })),
    ],
  });

  app.get('/convert/quote', {
    schema: {
      tags,
      security: [{ apiKey: [] }],
      summary: 'A firm quote: what `amount` of `from` converts to now, from what the book really fills; valid 10 s',
      querystring: convertQuoteQuery,
      response: { 200: convertQuoteResponse, ...errors },
    },
    handler: async (req) => {
      const pair = pairOf(req.query.from, req.query.to);
      const q = convert.quote(pair, amountOf(req.query.amount, pair.from));
      const { rate, inverse } = rates(q.amount, q.out);
      return {
        quote_id: q.id,
        convert_from: q.from,
        convert_to: q.to,
        amount: q.amount.toFixed(),
        converted_amount: q.out.toFixed(),
        rate: rate.toFixed(),
        inverse_rate: inverse.toFixed(),
        expires_at: q.expiresAt,
        ttl_ms: CONVERT_QUOTE_TTL_MS,
      };
    },
  });

  app.post('/conversions', {
    config: { apiKeyIn: 'body' },
    preHandler: app.requireVerified,
    schema: {
      tags,
      security: [{ bearerAuth: [], apiKey: [] }],
      description:
        'Converts at the quote (quote_id) exactly, with no fee; without a quote id at the live quote when converted_amount is within 1 % of it. An Idempotency-Key makes retries safe.',
      body: conversionRequest,
      response: { 200: conversionResponse, ...errors },
    },
    handler: async (req, reply) => {
      const userId = selfByUid(req, req.body.uid);
      const { apikey: _apikey, ...fields } = req.body;
      const keyed = keyedRequest(req.headers, { route: 'conversions', ...fields });
      const pair = pairOf(req.body.convert_from, req.body.convert_to);
      const { answer, replayed } = await convert.convert({
        userId,
        pair,
        amount: amountOf(req.body.amount, pair.from),
        converted: claimedOf(req.body.converted_amount),
        quoteId: req.body.quote_id ?? null,
        idempotency: keyed,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return answer;
    },
  });

  app.get('/conversions', {
    preHandler: app.authenticate,
    schema: {
      tags,
      security: [{ bearerAuth: [], apiKey: [] }],
      querystring: conversionsQuery,
      response: { 200: conversionsResponse, ...errors },
    },
    handler: async (req) => userConversions(db, selfByUid(req, req.query.uid), req.query.limit),
  });
};
