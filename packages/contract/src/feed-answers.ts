import { z } from 'zod';

/**
 * Answers of the two public market-data protocols this server speaks besides its own: the
 * TradingView UDF chart feed under /api/v1/udf and OKX v5's REST order book. Their shapes are the
 * protocols' own, so a client written for TradingView or OKX reads them unchanged.
 */

/** GET /api/v1/udf/config. */
export const udfConfigResponse = z.object({
  supported_resolutions: z.array(z.string()),
  supports_search: z.boolean(),
  supports_group_request: z.boolean(),
  supports_marks: z.boolean(),
  supports_timescale_marks: z.boolean(),
  supports_time: z.boolean(),
  exchanges: z.array(z.object({ value: z.string(), name: z.string(), desc: z.string() })),
  symbols_types: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type UdfConfigResponse = z.infer<typeof udfConfigResponse>;

/** GET /api/v1/udf/time: the server's clock in unix seconds, as plain text. */
export const udfTimeResponse = z.string().regex(/^\d+$/);

/** GET /api/v1/udf/symbols?symbol=. */
export const udfSymbolResponse = z.object({
  name: z.string(),
  ticker: z.string(),
  full_name: z.string(),
  description: z.string(),
  type: z.string(),
  session: z.string(),
  timezone: z.string(),
  exchange: z.string(),
  listed_exchange: z.string(),
  /** How TradingView formats the scale: `price`. */
  format: z.literal('price'),
  minmov: z.number(),
  pricescale: z.number(),
  has_intraday: z.boolean(),
  has_daily: z.boolean(),
  has_weekly_and_monthly: z.boolean(),
  supported_resolutions: z.array(z.string()),
  intraday_multipliers: z.array(z.string()),
  daily_multipliers: z.array(z.string()),
  weekly_multipliers: z.array(z.string()),
  monthly_multipliers: z.array(z.string()),
  volume_precision: z.number().int(),
  data_status: z.string(),
  currency_code: z.string(),
});
export type UdfSymbolResponse = z.infer<typeof udfSymbolResponse>;

/** GET /api/v1/udf/search?query=&limit=. */
export const udfSearchResponse = z.array(
  z.object({
    symbol: z.string(),
    full_name: z.string(),
    description: z.string(),
    exchange: z.string(),
    ticker: z.string(),
    type: z.string(),
  }),
);
export type UdfSearchResponse = z.infer<typeof udfSearchResponse>;

const bars = z.array(z.number());

/** GET /api/v1/udf/history: bars as column arrays, or no_data with the time of the latest earlier bar. */
export const udfHistoryResponse = z.union([
  z.object({ s: z.literal('ok'), t: bars, o: bars, h: bars, l: bars, c: bars, v: bars }),
  z.object({ s: z.literal('no_data'), nextTime: z.number().optional() }),
]);
export type UdfHistoryResponse = z.infer<typeof udfHistoryResponse>;

/** A refused UDF call (HTTP 400, or 404 for an unknown symbol) keeps the protocol's error shape. */
export const udfErrorResponse = z.object({ s: z.literal('error'), errmsg: z.string() });

/** An OKX v5 book level: price, size, the deprecated "0" and the number of orders, all strings. */
export const okxBookLevel = z.tuple([z.string(), z.string(), z.literal('0'), z.string()]);

/** GET /api/v5/market/books?instId=&sz=: code "0" and one book, or an OKX error code and no data. */
export const okxBooksResponse = z.object({
  code: z.string(),
  msg: z.string(),
  data: z.array(z.object({ asks: z.array(okxBookLevel), bids: z.array(okxBookLevel), ts: z.string() })),
});
export type OkxBooksResponse = z.infer<typeof okxBooksResponse>;
