import { z } from 'zod';
import { queryText } from '../fields.js';

/**
 * The public OKX v5 calls (issue 42): query strings and answers. Every parameter is one string (a
 * repeated one is refused); the handlers read numbers and enums out of them and answer a wrong
 * value with OKX's own code (51000, 50014, 51001), because ccxt maps its exception types from it.
 */

/** Longer than any instrument id, bar or timestamp: the handlers never see more. */
export const OKX_PARAM_MAX_LENGTH = 64;

const param = (label: string) =>
  queryText(label)
    .refine((value) => value.length <= OKX_PARAM_MAX_LENGTH, { message: `${label} must be at most ${OKX_PARAM_MAX_LENGTH} characters` })
    .optional();

export const OKX_INST_TYPES = ['SPOT', 'SWAP', 'FUTURES', 'OPTION'] as const;
export type OkxInstType = (typeof OKX_INST_TYPES)[number];

/**
 * OKX's bars. From 6H up OKX opens a bar at Hong Kong time (UTC+8) and the `utc` spellings at UTC
 * (ccxt asks for those); below 6H both are the same.
 */
export const OKX_BARS = ['1m', '3m', '5m', '15m', '30m', '1H', '2H', '4H', '6H', '12H', '1D', '1W', '1M', '6Hutc', '12Hutc', '1Dutc', '1Wutc', '1Mutc'] as const;
export type OkxBar = (typeof OKX_BARS)[number];

/** GET /api/v5/public/instruments. */
export const okxInstrumentsQuery = z.object({ instType: param('instType'), uly: param('uly'), instFamily: param('instFamily'), instId: param('instId') });
/** GET /api/v5/market/ticker, /public/funding-rate and the other one-instrument calls. */
export const okxInstIdQuery = z.object({ instId: param('instId') });
/** GET /api/v5/market/tickers, /public/mark-price, /public/open-interest. */
export const okxInstTypeQuery = z.object({ instType: param('instType'), uly: param('uly'), instFamily: param('instFamily'), instId: param('instId') });
/** GET /api/v5/market/trades. */
export const okxTradesQuery = z.object({ instId: param('instId'), limit: param('limit') });
/** GET /api/v5/market/candles and /market/history-candles: `after` and `before` are timestamps in ms. */
export const okxCandlesQuery = z.object({
  instId: param('instId'),
  bar: param('bar'),
  after: param('after'),
  before: param('before'),
  limit: param('limit'),
});
/** GET /api/v5/public/position-tiers: instType and tdMode required; a contract type needs uly or instFamily. */
export const okxPositionTiersQuery = z.object({
  instType: param('instType'),
  tdMode: param('tdMode'),
  uly: param('uly'),
  instFamily: param('instFamily'),
  instId: param('instId'),
  ccy: param('ccy'),
  tier: param('tier'),
});
/** GET /api/v5/public/funding-rate-history: `after` and `before` are funding times in ms. */
export const okxFundingHistoryQuery = z.object({ instId: param('instId'), after: param('after'), before: param('before'), limit: param('limit') });

const envelope = <T extends z.ZodTypeAny>(row: T) => z.object({ code: z.string(), msg: z.string(), data: z.array(row) });
const fields = z.record(z.string(), z.string());

export const okxInstrumentsResponse = envelope(fields);
export const okxTimeResponse = envelope(z.object({ ts: z.string() }));
export const okxSystemStatusResponse = envelope(fields);
export const okxTickersResponse = envelope(fields);
export const okxTradesResponse = envelope(fields);
/** Rows `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`, newest first. */
export const okxCandlesResponse = envelope(z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string(), z.string()]));
export const okxFundingRateResponse = envelope(fields);
export const okxMarkPriceResponse = envelope(fields);
export const okxOpenInterestResponse = envelope(fields);
export const okxPositionTiersResponse = envelope(fields);
/** Rows `[ts, o, h, l, c, confirm]`, newest first. */
export const okxMarkPriceCandlesResponse = envelope(z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string()]));
/** Any v5 error: OKX's code, its message, no data. */
export const okxErrorResponse = z.object({ code: z.string(), msg: z.string(), data: z.array(z.never()), message: z.string().optional() });
export type OkxErrorBody = z.infer<typeof okxErrorResponse>;

/**
 * A v5 refusal's body. On a 4xx `message` repeats `msg`, so a client of our own API reads it where
 * every other route puts it; a 200 (OKX's way for some refusals) is OKX's body alone.
 */
export function okxErrorBody(status: number, code: string, msg: string): OkxErrorBody {
  return status >= 400 ? { code, msg, data: [], message: msg } : { code, msg, data: [] };
}
