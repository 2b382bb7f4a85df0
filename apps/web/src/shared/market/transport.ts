import { MARKET_TIMEOUT_MS, MIN_REQUEST_GAP_MS, marketMessages } from '@exchange/contract';
import { MarketError } from './errors';
import { readApiKey, type KeyValueStorage } from './storage';

export type QueryValue = string | number | boolean;

export interface TransportOptions {
  fetch: typeof fetch;
  now: () => number;
  storage: KeyValueStorage | null;
  baseUrl: string;
  timeoutMs?: number;
  gapMs?: number;
}

export interface MarketTransport {
  /** GET `path` with the apikey appended; resolves to the parsed JSON body or rejects with a MarketError. */
  getJson(path: string, query?: Record<string, QueryValue>): Promise<unknown>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The market API rules of spec 1 §7: the apikey query parameter, an 8 s timeout, at most one
 * request per 100 ms for the same URL (later calls wait their turn) and one shared promise for
 * identical requests in flight, so a page mounting several coin widgets sends one call.
 */
export function createTransport(options: TransportOptions): MarketTransport {
  const timeoutMs = options.timeoutMs ?? MARKET_TIMEOUT_MS;
  const gapMs = options.gapMs ?? MIN_REQUEST_GAP_MS;
  const inFlight = new Map<string, Promise<unknown>>();
  const lastStart = new Map<string, number>();

  function buildUrl(path: string, query: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) params.set(name, String(value));
    params.set('apikey', readApiKey(options.storage));
    return `${options.baseUrl}${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
  }

  async function waitTurn(url: string): Promise<void> {
    const now = options.now();
    const previous = lastStart.get(url);
    const start = previous === undefined ? now : Math.max(now, previous + gapMs);
    lastStart.set(url, start);
    if (start > now) await sleep(start - now);
  }

  async function perform(url: string): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let response: Response;
      try {
        response = await options.fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
      } catch {
        throw controller.signal.aborted
          ? new MarketError(marketMessages.timeout, 'timeout')
          : new MarketError(marketMessages.network, 'network');
      }
      if (!response.ok) {
        throw new MarketError(marketMessages.apiError(response.status, response.statusText), 'http', response.status);
      }
      try {
        return (await response.json()) as unknown;
      } catch {
        throw controller.signal.aborted
          ? new MarketError(marketMessages.timeout, 'timeout')
          : new MarketError(marketMessages.invalidResponse, 'invalid', response.status);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    getJson(path, query = {}) {
      const url = buildUrl(path, query);
      const pending = inFlight.get(url);
      if (pending) return pending;
      const request = waitTurn(url)
        .then(() => perform(url))
        .finally(() => inFlight.delete(url));
      inFlight.set(url, request);
      return request;
    },
  };
}
