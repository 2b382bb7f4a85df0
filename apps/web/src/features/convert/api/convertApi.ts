import {
  CONVERT_HISTORY_TIMEOUT_MS,
  CONVERT_SUBMIT_TIMEOUT_MS,
  CONVERT_WALLET_TIMEOUT_MS,
  coinBalanceResponse,
  conversionCurrenciesResponse,
  conversionResponse,
  conversionsResponse,
  convertQuoteResponse,
  type CoinBalanceResponse,
  type ConversionCurrency,
  type ConversionRecord,
  type ConversionResponse,
  type ConvertQuoteResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';
import { browserStorage, readApiKey } from '../../../shared/market/storage';
import { withTimeout } from './timeout';

const BASE = '/api/v1';

/** GET /coin-conversions: the currencies a conversion can use, USDT among them at price "1". */
export async function fetchConversionCurrencies(signal?: AbortSignal): Promise<ConversionCurrency[]> {
  const list = await apiRequest(`${BASE}/coin-conversions`, { schema: conversionCurrenciesResponse, apikey: true, signal });
  return list.map((c) => ({ ...c, symbol: c.symbol.toUpperCase() }));
}

/** GET /convert/quote: a firm rate for `amount` of `from`, valid for its ttl_ms. */
export function fetchQuote(from: string, to: string, amount: string, signal?: AbortSignal): Promise<ConvertQuoteResponse> {
  return apiRequest(`${BASE}/convert/quote`, { schema: convertQuoteResponse, auth: true, apikey: true, query: { from, to, amount }, signal });
}

/** The spot balance of one currency (GET /coin-balance/{uid}), cut off after spec 2 §7's 8 s. */
export function fetchSpotBalance(uid: number, symbol: string, signal?: AbortSignal): Promise<CoinBalanceResponse> {
  return withTimeout(CONVERT_WALLET_TIMEOUT_MS, signal, (limited) =>
    apiRequest(`${BASE}/coin-balance/${uid}`, { schema: coinBalanceResponse, auth: true, apikey: true, query: { symbol }, signal: limited }),
  );
}

/** GET /conversions: the user's conversions, newest first, cut off after 10 s. */
export function fetchConversions(uid: number, signal?: AbortSignal): Promise<ConversionRecord[]> {
  return withTimeout(CONVERT_HISTORY_TIMEOUT_MS, signal, (limited) =>
    apiRequest(`${BASE}/conversions`, { schema: conversionsResponse, auth: true, apikey: true, query: { uid }, signal: limited }),
  );
}

export interface ConversionInput {
  uid: number;
  from: string;
  to: string;
  /** Decimal strings, exact as the quote carries them. */
  amount: string;
  convertedAmount: string;
  quoteId: string;
}

/** POST /conversions with the JSON body of spec 2 §7 plus the quote id, cut off after 15 s. */
export function submitConversion(input: ConversionInput, idempotencyKey: string): Promise<ConversionResponse> {
  return withTimeout(CONVERT_SUBMIT_TIMEOUT_MS, undefined, (signal) =>
    apiRequest(`${BASE}/conversions`, {
      method: 'POST',
      schema: conversionResponse,
      auth: true,
      headers: { 'Idempotency-Key': idempotencyKey },
      signal,
      body: {
        apikey: readApiKey(browserStorage()),
        uid: input.uid,
        convert_from: input.from,
        convert_to: input.to,
        amount: input.amount,
        converted_amount: input.convertedAmount,
        quote_id: input.quoteId,
      },
    }),
  );
}
