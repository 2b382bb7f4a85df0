import { z } from 'zod';
import { jsonBody, queryText, text, wholeNumber } from './fields.js';
import { positiveAmountField, uidField } from './wallet.js';
import { fillMessage } from './message-codes.js';

/** Conversion texts of spec 2 §4, §5 and §8, and the server's answers. */
export const convertMessages = {
  exceedsBalance: 'Amount exceeds available balance',
  requiredExceedsBalance: 'Required amount exceeds available balance',
  insufficientBalance: 'Insufficient balance to make this conversion.',
  invalidAmount: 'Please enter a valid amount to convert.',
  success: 'Success! Your conversion was processed.',
  failed: 'Conversion failed. Please try again.',
  unexpectedFormat: 'Conversion failed. Unexpected response format.',
  timedOut: 'Conversion request timed out. Please try again.',
  unexpected: 'An unexpected error occurred.',
  currenciesFailed: 'Failed to load currencies. Please try again later.',
  balanceFailed: 'Failed to load balance',
  historyFailed: 'Failed to load conversion history',
  historyEmpty: 'No conversion history found',
  loginToConvert: 'Login to Convert',
  // Server answers.
  submitted: (amount: string, from: string, received: string, to: string) =>
    `Your conversion submitted: ${amount} ${from} converted to ${received} ${to}`,
  unknownCurrency: (symbol: string) => fillMessage('convert.unknownCurrency', { symbol }),
  sameCurrency: 'Choose two different currencies',
  usdtSide: 'One side of a conversion must be USDT',
  quoteExpired: 'This quote has expired. Please request a new quote.',
  quoteNotFound: 'This quote does not exist. Please request a new quote.',
  quoteMismatch: 'The quote does not match this conversion. Please request a new quote.',
  convertedMismatch: (expected: string) => fillMessage('convert.convertedMismatch', { expected }),
  rateMoved: (rate: string, from: string, to: string) => fillMessage('convert.rateMoved', { rate, from, to }),
  noLiquidity: 'Not enough liquidity for this amount right now. Please try a smaller amount.',
  tooSmall: 'This amount is too small to convert',
} as const;

/** Spec 2 §9 and the quote's life (issue 15). */
export const CONVERT_SUCCESS_BANNER_MS = 5000;
export const CONVERT_QUOTE_TTL_MS = 10_000;
/** A conversion without a quote goes through when its converted_amount is within this share of the live quote. */
export const CONVERT_TOLERANCE = 0.01;
export const CONVERT_WALLET_TIMEOUT_MS = 8000;
export const CONVERT_HISTORY_TIMEOUT_MS = 10_000;
export const CONVERT_SUBMIT_TIMEOUT_MS = 15_000;
/** Spec 2 §5: the Stablecoins filter. */
export const STABLECOIN_SYMBOLS = ['usdt', 'usdc', 'dai', 'busd'] as const;

const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
const symbolField = (label: string) =>
  queryText(label, { required: `${label} is required`, trim: true }).refine((v) => /^[A-Za-z0-9]{2,10}$/.test(v), `${label} must be a coin symbol such as BTC`);

/** GET /api/v1/coin-conversions (spec 2 §3 "Conversion currency"). */
export const conversionCurrency = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  image_path: z.string(),
  /** Last price in USDT (USDT itself: "1"). */
  price: decimalOut,
});
export type ConversionCurrency = z.infer<typeof conversionCurrency>;
export const conversionCurrenciesResponse = z.array(conversionCurrency);

/** GET /api/v1/convert/quote: a firm rate for converting `amount` of `from` into `to`. */
export const convertQuoteQuery = z.object({
  apikey: queryText('apikey').optional(),
  from: symbolField('from'),
  to: symbolField('to'),
  amount: queryText('amount', { required: convertMessages.invalidAmount, trim: true }).refine(
    (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0,
    convertMessages.invalidAmount,
  ),
});
export type ConvertQuoteQuery = z.infer<typeof convertQuoteQuery>;

export const convertQuoteResponse = z.object({
  quote_id: z.string(),
  convert_from: z.string(),
  convert_to: z.string(),
  amount: decimalOut,
  converted_amount: decimalOut,
  /** How much `to` one `from` buys at this quote. */
  rate: decimalOut,
  /** And the other way: how much `from` one `to` costs. */
  inverse_rate: decimalOut,
  expires_at: z.number().int(),
  ttl_ms: z.number().int(),
});
export type ConvertQuoteResponse = z.infer<typeof convertQuoteResponse>;

/** POST /api/v1/conversions: a JSON body, as spec 2 §7 puts it, plus the quote id when the client has one. */
export const conversionRequest = jsonBody({
  apikey: text('apikey').optional(),
  uid: uidField,
  convert_from: text('convert_from', { trim: true }).refine((v) => /^[A-Za-z0-9]{2,10}$/.test(v), 'convert_from must be a coin symbol such as USDT'),
  convert_to: text('convert_to', { trim: true }).refine((v) => /^[A-Za-z0-9]{2,10}$/.test(v), 'convert_to must be a coin symbol such as BTC'),
  amount: positiveAmountField(convertMessages.invalidAmount),
  converted_amount: positiveAmountField(convertMessages.invalidAmount),
  quote_id: text('quote_id', { trim: true }).max(64, 'quote_id is too long').optional(),
});
export type ConversionRequest = z.infer<typeof conversionRequest>;

/** A conversion as the history lists it (spec 2 §3 "Conversion record"). */
export const conversionRecord = z.object({
  id: z.string(),
  created_at: z.string(),
  convert_from: z.string(),
  convert_to: z.string(),
  amount: decimalOut,
  converted_amount: decimalOut,
  rate: decimalOut,
});
export type ConversionRecord = z.infer<typeof conversionRecord>;

export const conversionResponse = z.object({
  success: z.literal(true),
  /** Contains "conversion submitted", as spec 2 §7's client checks. */
  message: z.string(),
  conversion: conversionRecord,
});
export type ConversionResponse = z.infer<typeof conversionResponse>;

export const conversionsQuery = z.object({
  apikey: queryText('apikey').optional(),
  uid: uidField,
  limit: wholeNumber('limit', { min: 1, max: 500 }, { invalid: 'limit must be a whole number from 1 to 500' }).default(100),
});
export const conversionsResponse = z.array(conversionRecord);
