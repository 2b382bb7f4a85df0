import { DEFAULT_API_KEY, coinListEnvelope, marketMessages } from '@exchange/contract';
import { normaliseCoins, type Coin } from './coin';
import { createCoinCache, isFresh } from './coinCache';
import { takeCoinsSeed } from './coinsSeed';
import { MarketError } from './errors';
import { browserStorage, type KeyValueStorage } from './storage';
import { createTransport, type QueryValue } from './transport';

export { DEFAULT_API_KEY, MarketError };

export const COINS_PATH = '/api/v1/coins';

export interface CoinsResult {
  success: boolean;
  data: Coin[];
  error?: string;
  /** The list is an expired cached copy, served because the network call failed (spec 1 §4). */
  stale?: boolean;
}

export interface FetchCoinsOptions {
  /** Skip a fresh cache, for periodic refreshes; a failure still falls back to the cached copy. */
  force?: boolean;
}

/** A zod schema of the answer, classic or mini (both answer safeParse alike). */
export interface MarketSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface MarketClient {
  fetchCoins(options?: FetchCoinsOptions): Promise<CoinsResult>;
  /** The coin list already here and fresh (spec 1 §4), for a first render that need not wait; else null. */
  peekCoins(): Coin[] | null;
  /** GET a market path and check the answer with `schema`; rejects with a MarketError carrying the text to show. */
  marketGet<T>(path: string, schema: MarketSchema<T>, query?: Record<string, QueryValue>): Promise<T>;
  clearCoinCache(): void;
}

export interface MarketClientOptions {
  fetch?: typeof fetch;
  now?: () => number;
  storage?: KeyValueStorage | null;
  baseUrl?: string;
  /** A coin list answer the page already holds (the server's seed, coinsSeed.ts), used as a fresh answer. */
  seed?: unknown;
}

function coinsFromPayload(payload: unknown, now: number): Coin[] {
  const envelope = coinListEnvelope.safeParse(payload);
  if (!envelope.success) throw new MarketError(marketMessages.expectedArray, 'invalid');
  const coins = envelope.data.length > 0 ? normaliseCoins(envelope.data, now) : [];
  if (coins.length === 0) throw new MarketError(marketMessages.emptyCoinList, 'invalid');
  return coins;
}

function messageOf(error: unknown): string {
  return error instanceof MarketError ? error.message : marketMessages.fetchCoinsFailed;
}

/** The market data client of spec 1 §7–§8; every dependency is injectable so tests run without a browser or network. */
export function createMarketClient(options: MarketClientOptions = {}): MarketClient {
  const now = options.now ?? (() => Date.now());
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const transport = createTransport({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now,
    storage,
    baseUrl: options.baseUrl ?? '',
  });
  const cache = createCoinCache(storage);
  // The last list read or received, so a render can start from it without parsing storage again.
  let latest: { timestamp: number; data: Coin[] } | null = null;
  const remember = (data: Coin[], timestamp: number) => {
    latest = { timestamp, data };
    cache.write(data, timestamp);
  };
  if (options.seed != null) {
    try {
      remember(coinsFromPayload(options.seed, now()), now());
    } catch {
      // A seed that does not check out is ignored: the list is asked for as usual.
    }
  }

  function peekCoins(): Coin[] | null {
    latest ??= cache.read();
    return latest && isFresh(latest, now()) ? latest.data : null;
  }

  async function fetchCoins({ force = false }: FetchCoinsOptions = {}): Promise<CoinsResult> {
    const cached = latest ?? cache.read();
    if (cached && !force && isFresh(cached, now())) return { success: true, data: cached.data };
    try {
      const coins = coinsFromPayload(await transport.getJson(COINS_PATH), now());
      remember(coins, now());
      return { success: true, data: coins };
    } catch (error) {
      const message = messageOf(error);
      if (cached) return { success: true, data: cached.data, stale: !isFresh(cached, now()), error: message };
      return { success: false, data: [], error: message };
    }
  }

  async function marketGet<T>(path: string, schema: MarketSchema<T>, query?: Record<string, QueryValue>): Promise<T> {
    const parsed = schema.safeParse(await transport.getJson(path, query));
    if (!parsed.success) throw new MarketError(marketMessages.invalidResponse, 'invalid');
    return parsed.data;
  }

  const clearCoinCache = () => {
    latest = null;
    cache.clear();
  };
  return { fetchCoins, peekCoins, marketGet, clearCoinCache };
}

let shared: MarketClient | undefined;

/** The app-wide client, so the per-URL gap and de-duplication hold across every screen. */
export function getMarketClient(): MarketClient {
  shared ??= createMarketClient({ seed: takeCoinsSeed() });
  return shared;
}

export function fetchCoins(options?: FetchCoinsOptions): Promise<CoinsResult> {
  return getMarketClient().fetchCoins(options);
}

export function marketGet<T>(path: string, schema: MarketSchema<T>, query?: Record<string, QueryValue>): Promise<T> {
  return getMarketClient().marketGet(path, schema, query);
}
