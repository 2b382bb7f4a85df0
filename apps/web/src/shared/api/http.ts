import { storageKeys } from '@exchange/contract';
import { browserStorage, readApiKey, safeGet } from '../market/storage';

/**
 * An answer the server refused; `message` is the server's JSON message, in the page's language
 * when the answer carried a message code (contract's message-codes.ts).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
    /** The server's own words, translated like `message`; absent when the answer carried no JSON message. */
    readonly serverMessage?: string,
    /** The answer's message code, for a page that tells refusals apart whatever the language. */
    readonly messageCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown when the server could not be reached at all. */
export class NetworkError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for developers: pages show their own words for a network failure
    super('Network error');
    this.name = 'NetworkError';
  }
}

type Body = Record<string, unknown> | FormData | undefined;

/** A zod schema of the answer, classic or mini (both throw on a drifted answer). */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export type Query = Record<string, string | number | undefined>;

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Body;
  schema: AnswerSchema<T>;
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, such as the Idempotency-Key of a transfer. */
  headers?: Record<string, string>;
  /** Appended to the path as a query string; undefined values are left out. */
  query?: Query;
  /** Sends the market apikey in the query, read where the market client reads it (spec 1 §6). */
  apikey?: boolean;
  /** Statuses that mean "nothing there" and resolve to `value` instead of failing. */
  emptyOn?: { statuses: number[]; value: T };
}

export function readToken(): string | null {
  return safeGet(browserStorage(), storageKeys.authToken) ?? sessionStorage.getItem(storageKeys.authToken);
}

function withQuery(path: string, query: Query = {}, apikey = false): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  if (apikey) params.set('apikey', readApiKey(browserStorage()));
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/**
 * One JSON call to our server. Answers are parsed with the contract's schema so a
 * drifted server shows up as an error here instead of as undefined fields on screen.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth) {
    const token = readToken();
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not a text for people
  if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query, options.apikey), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (options.emptyOn?.statuses.includes(response.status)) return options.emptyOn.value;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const p = (payload ?? {}) as { message?: unknown; code?: unknown; retry_after_seconds?: unknown; message_code?: unknown; params?: unknown };
    const english = typeof p.message === 'string' && p.message ? p.message : undefined;
    // Translated once, here, so every page that shows the server's words shows them in its language;
    // the translator loads with the first coded refusal, not with the landing page.
    const translated =
      english !== undefined && p.message_code !== undefined
        ? await import('../i18n/codedText').then(({ codedText }) => codedText(p.message_code, p.params), () => null)
        : null;
    const serverMessage = translated ?? english;
    throw new ApiError(
      serverMessage ?? `${response.status} ${response.statusText}`,
      response.status,
      typeof p.code === 'string' ? p.code : undefined,
      typeof p.retry_after_seconds === 'number' ? p.retry_after_seconds : undefined,
      serverMessage,
      typeof p.message_code === 'string' ? p.message_code : undefined,
    );
  }
  return options.schema.parse(payload);
}

/** The message to show for a failed call: the server's words, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string, networkFallback = fallback): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof NetworkError) return networkFallback;
  return fallback;
}
