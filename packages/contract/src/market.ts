// zod's mini build: the coin list is the first answer the landing and spot pages check, and the
// classic build costs those pages about 25 KB and tens of milliseconds of start-up before it can.
import * as z from 'zod/mini';

/** Market data constants of spec 1 §7 and §9. */
export const COIN_CACHE_VERSION = '2.0';
export const COIN_CACHE_TTL_MS = 5 * 60 * 1000;
export const COIN_CACHE_KEY = 'coinCache';
export const MARKET_TIMEOUT_MS = 8000;
export const MIN_REQUEST_GAP_MS = 100;
export const WALLET_CACHE_MS = 10_000;
export const HEADER_SEARCH_LIMIT = 20;
export const TRENDING_LIMIT = 10;

/** The web app's own apikey, sent when the browser has none stored; it identifies the client app, it is no secret. */
export const DEFAULT_API_KEY = 'nexa-web';

/** zod's preprocess, which the mini build spells as a pipe: `prepare` runs before `schema` checks. */
function lenient<T extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(prepare), schema);
}

/** Texts of the market client and the coin lists (spec 1 §5 and §8). */
export const marketMessages = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network error: Unable to connect to the server. Please check your internet connection.',
  apiError: (status: number, statusText: string) => `API Error: ${status} ${statusText}`,
  invalidResponse: 'Invalid API response format',
  expectedArray: 'Invalid API response format - expected array',
  emptyCoinList: 'API returned empty coin list',
  fetchCoinsFailed: 'Failed to fetch coin data.',
  noCoins: 'No coins found.',
  loadingCoins: 'Loading coins...',
  noCoinsMatching: (query: string) => `No coins found matching "${query}"`,
  startTyping: 'Start typing to search for coins',
  spotWalletFailed: 'Failed to fetch spot wallet data',
  tradeFailed: (status: number) => `Trade execution failed: ${status}`,
  buyExecuted: 'Buy order executed successfully',
  sellExecuted: 'Sell order executed successfully',
} as const;

/** Numbers may arrive as strings from older servers; like the spec's normaliser, accept both. */
const lenientNumber = lenient((value) => {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (value === null || value === '') return undefined;
  return value;
}, z.optional(z.number()));

const lenientId = lenient(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.optional(z.number().check(z.int(), z.nonnegative())),
);

const lenientBoolean = lenient((value) => {
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  if (value === null) return undefined;
  return value;
}, z.optional(z.boolean()));

const optionalText = lenient((value) => (value === null ? undefined : value), z.optional(z.string()));

/** A positive step such as "0.00001"; older servers send none, and a bad one counts as missing. */
const optionalStep = lenient((value) => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d+(\.\d+)?$/.test(text.trim()) && Number(text) > 0 ? text.trim() : undefined;
}, z.optional(z.string()));

/**
 * One coin as GET /api/v1/coins answers it. Only an id (or a pair id) is required:
 * every other field has a default in the web's normaliser (spec 1 §3).
 */
export const coinSchema = z
  .object({
    id: lenientId,
    coin_pair: lenientId,
    coin_id: lenientId,
    symbol: optionalText,
    name: optionalText,
    pair_name: optionalText,
    price: lenientNumber,
    price_change_24h: lenientNumber,
    volume_24h: lenientNumber,
    market_cap: lenientNumber,
    '24_high': lenientNumber,
    '24_low': lenientNumber,
    logo_path: optionalText,
    is_tradable: lenientBoolean,
    last_updated: optionalText,
    tick_size: optionalStep,
    lot_size: optionalStep,
  })
  .check(
    z.refine((coin) => coin.id !== undefined || coin.coin_pair !== undefined, {
      message: 'A coin needs an id or a coin_pair',
      path: ['id'],
    }),
  );
export type CoinRecord = z.infer<typeof coinSchema>;

/** A bare array, or an object whose data field is one: the two shapes GET /api/v1/coins answers with. */
function listOf<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.union([z.array(item), z.object({ data: z.array(item) })]),
    z.transform((answer) => (Array.isArray(answer) ? answer : answer.data)),
  );
}

/** The list envelope of GET /api/v1/coins. Items stay unchecked here so one bad coin does not sink the list. */
export const coinListEnvelope = listOf(z.unknown());

/** GET /api/v1/coins with every item checked, for the server's answers and tests. */
export const coinsResponse = listOf(coinSchema);
export type CoinsResponse = z.infer<typeof coinsResponse>;
