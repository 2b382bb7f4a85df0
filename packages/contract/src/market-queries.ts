import { z } from 'zod';
import { queryText } from './fields.js';

/**
 * Query strings of the public market-data calls. Each parameter is one string (a repeated one is
 * refused); the handlers read numbers out of them the way OKX and the UDF protocol do.
 */

/** GET /api/v5/market/books (OKX v5). */
export const okxBooksQuery = z.object({
  instId: queryText('instId').optional(),
  sz: queryText('sz').optional(),
});

const udfParam = (label: string) => queryText(label).optional();

/** GET /api/v1/udf/symbols. */
export const udfSymbolQuery = z.object({ apikey: udfParam('apikey'), symbol: udfParam('symbol') });

/** GET /api/v1/udf/search. */
export const udfSearchQuery = z.object({
  apikey: udfParam('apikey'),
  query: udfParam('query'),
  type: udfParam('type'),
  exchange: udfParam('exchange'),
  limit: udfParam('limit'),
});

/** GET /api/v1/udf/history: from, to and countback are unix seconds and a bar count, as text. */
export const udfHistoryQuery = z.object({
  apikey: udfParam('apikey'),
  symbol: udfParam('symbol'),
  resolution: udfParam('resolution'),
  from: udfParam('from'),
  to: udfParam('to'),
  countback: udfParam('countback'),
});
