import {
  earnAutoResponse,
  earnBalanceResponse,
  earnEarningsResponse,
  earnPositionsResponse,
  earnProductsResponse,
  earnRedeemResponse,
  earnSubscribeResponse,
  type EarnAutoResponse,
  type EarnBalanceResponse,
  type EarnEarningsResponse,
  type EarnFilter,
  type EarnPosition,
  type EarnProduct,
  type EarnRedeemResponse,
  type EarnSource,
  type EarnSubscribeResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';
import { browserStorage, readApiKey } from '../../../shared/market/storage';

const BASE = '/api/v1/earn';

/** GET /earn/products: the server searches symbol and name in any case and applies the spec's filter. */
export function fetchProducts(filter: EarnFilter, search: string, signal?: AbortSignal): Promise<EarnProduct[]> {
  return apiRequest(`${BASE}/products`, {
    schema: earnProductsResponse,
    apikey: true,
    query: { filter, search: search.trim() || undefined },
    signal,
  });
}

export function fetchPositions(uid: number, signal?: AbortSignal): Promise<EarnPosition[]> {
  return apiRequest(`${BASE}/positions`, { schema: earnPositionsResponse, auth: true, apikey: true, query: { uid }, signal });
}

export function fetchEarnings(uid: number, signal?: AbortSignal): Promise<EarnEarningsResponse> {
  return apiRequest(`${BASE}/earnings`, { schema: earnEarningsResponse, auth: true, apikey: true, query: { uid }, signal });
}

export function fetchEarnBalance(uid: number, symbol: string, signal?: AbortSignal): Promise<EarnBalanceResponse> {
  return apiRequest(`${BASE}/balance`, { schema: earnBalanceResponse, auth: true, apikey: true, query: { uid, symbol }, signal });
}

export interface SubscribeInput {
  uid: number;
  productId: string;
  amount: string;
  source: EarnSource;
  /** One per dialog opening: a retried click subscribes once. */
  idempotencyKey: string;
}

export function subscribe(input: SubscribeInput): Promise<EarnSubscribeResponse> {
  return apiRequest(`${BASE}/subscriptions`, {
    method: 'POST',
    schema: earnSubscribeResponse,
    auth: true,
    headers: { 'Idempotency-Key': input.idempotencyKey },
    body: { apikey: readApiKey(browserStorage()), uid: input.uid, product_id: input.productId, amount: input.amount, source: input.source },
  });
}

/** Redeems `amount` of the position. */
export function redeem(uid: number, positionId: string, amount: string): Promise<EarnRedeemResponse> {
  return apiRequest(`${BASE}/positions/${encodeURIComponent(positionId)}/redeem`, {
    method: 'POST',
    schema: earnRedeemResponse,
    auth: true,
    body: { apikey: readApiKey(browserStorage()), uid, amount },
  });
}

export function fetchAutoEarn(uid: number, signal?: AbortSignal): Promise<EarnAutoResponse> {
  return apiRequest(`${BASE}/auto-earn`, { schema: earnAutoResponse, auth: true, apikey: true, query: { uid }, signal });
}

export function setAutoEarn(uid: number, symbol: string, enabled: boolean): Promise<EarnAutoResponse> {
  return apiRequest(`${BASE}/auto-earn`, {
    method: 'POST',
    schema: earnAutoResponse,
    auth: true,
    body: { apikey: readApiKey(browserStorage()), uid, symbol, enabled },
  });
}
