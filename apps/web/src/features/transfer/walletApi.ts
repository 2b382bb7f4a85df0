import type { ZodType } from 'zod';
import {
  coinBalanceResponse,
  storageKeys,
  transferHistoryResponse,
  transferResponse,
  type CoinBalanceResponse,
  type TransferAccount,
  type TransferHistoryResponse,
  type TransferResponse,
} from '@exchange/contract';
import { ApiError, NetworkError } from '../../shared/api/http';
import { browserStorage, readApiKey, safeGet } from '../../shared/market/storage';

function readToken(): string | null {
  return safeGet(browserStorage(), storageKeys.authToken) ?? sessionStorage.getItem(storageKeys.authToken);
}

function walletUrl(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, apikey: readApiKey(browserStorage()) });
  return `/api/v1${path}?${params.toString()}`;
}

interface WalletCall<T> {
  schema: ZodType<T>;
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses that mean "nothing there" and resolve to this value instead of failing. */
  emptyOn?: { statuses: number[]; value: T };
}

/**
 * Wallet calls carry the apikey (market rule) and the bearer token, and the transfer needs
 * an Idempotency-Key header, which the shared apiRequest cannot add; hence this small client.
 */
async function walletFetch<T>(url: string, call: WalletCall<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.body) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method ?? 'GET',
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: call.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (call.emptyOn?.statuses.includes(response.status)) return call.emptyOn.value;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (payload as { message?: unknown } | undefined)?.message;
    const serverMessage = typeof message === 'string' && message ? message : undefined;
    throw new ApiError(serverMessage ?? `${response.status} ${response.statusText}`, response.status, undefined, undefined, serverMessage);
  }
  return call.schema.parse(payload);
}

export function fetchCoinBalance(uid: number, symbol: string, signal?: AbortSignal): Promise<CoinBalanceResponse> {
  return walletFetch(walletUrl(`/coin-balance/${uid}`, { symbol }), { schema: coinBalanceResponse, signal });
}

/** Spec 3 §4: a 404 or 204 answer means the user has no history yet, not a failure. */
export function fetchTransferHistory(uid: number, signal?: AbortSignal): Promise<TransferHistoryResponse> {
  return walletFetch(walletUrl(`/transfer-history/${uid}`), {
    schema: transferHistoryResponse,
    signal,
    emptyOn: { statuses: [204, 404], value: [] },
  });
}

export interface TransferInput {
  uid: number;
  from: TransferAccount;
  to: TransferAccount;
  symbol: string;
  amount: string;
}

/** The amount travels as a decimal string so a Max of a long balance is sent exactly. */
export function submitTransfer(input: TransferInput, idempotencyKey: string): Promise<TransferResponse> {
  const apikey = readApiKey(browserStorage());
  return walletFetch(`/api/v1/transfers?${new URLSearchParams({ apikey }).toString()}`, {
    method: 'POST',
    schema: transferResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      apikey,
      uid: input.uid,
      transfer_from: input.from,
      transfer_to: input.to,
      symbol: input.symbol,
      amount: input.amount,
    },
  });
}

export { walletFetch, walletUrl };
