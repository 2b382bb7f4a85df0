import type { ZodType } from 'zod';
import { storageKeys } from '@exchange/contract';
import { ApiError, NetworkError } from '../../../shared/api/http';
import { browserStorage, readApiKey, safeGet } from '../../../shared/market/storage';

function readToken(): string | null {
  return safeGet(browserStorage(), storageKeys.authToken) ?? sessionStorage.getItem(storageKeys.authToken);
}

/** A /api/v1 URL with the apikey of spec 1 §6 appended to `query`. */
export function spotUrl(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  params.set('apikey', readApiKey(browserStorage()));
  return `/api/v1${path}?${params.toString()}`;
}

interface SpotCall<T> {
  schema: ZodType<T>;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Order and wallet calls need the bearer token plus an Idempotency-Key header and the DELETE
 * method, which the shared apiRequest cannot send; failures carry the server's own message.
 */
export async function spotFetch<T>(url: string, call: SpotCall<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: call.method ?? 'GET', headers, signal: call.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (payload as { message?: unknown } | undefined)?.message;
    const serverMessage = typeof message === 'string' && message ? message : undefined;
    throw new ApiError(serverMessage ?? `${response.status} ${response.statusText}`, response.status, undefined, undefined, serverMessage);
  }
  return call.schema.parse(payload);
}
