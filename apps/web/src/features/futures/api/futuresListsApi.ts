import {
  futuresCancelResponse,
  futuresFundingHistoryResponse,
  futuresOpenOrdersResponse,
  futuresPositionHistoryResponse,
  type FuturesCancelResponse,
  type FuturesFundingHistoryResponse,
  type FuturesOpenOrder,
  type FuturesPositionHistoryResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

/** Rows a page of the history tabs asks for. */
export const FUTURES_HISTORY_PAGE = 20;

/** The caller's futures orders resting on the books (issue 41). */
export function fetchOpenOrders(signal?: AbortSignal): Promise<FuturesOpenOrder[]> {
  return apiRequest('/api/v1/futures/orders/open', { schema: futuresOpenOrdersResponse, signal, auth: true, apikey: true });
}

export function cancelFuturesOrder(orderId: string): Promise<FuturesCancelResponse> {
  return apiRequest(`/api/v1/futures/orders/${encodeURIComponent(orderId)}`, { method: 'DELETE', schema: futuresCancelResponse, auth: true, apikey: true });
}

export function cancelAllFuturesOrders(): Promise<FuturesCancelResponse> {
  return apiRequest('/api/v1/futures/orders', { method: 'DELETE', schema: futuresCancelResponse, auth: true, apikey: true });
}

export function fetchPositionHistory(before: string | null, signal?: AbortSignal): Promise<FuturesPositionHistoryResponse> {
  return apiRequest('/api/v1/futures/positions/history', {
    query: { limit: String(FUTURES_HISTORY_PAGE), before: before ?? undefined },
    schema: futuresPositionHistoryResponse,
    signal,
    auth: true,
    apikey: true,
  });
}

export function fetchFundingHistory(before: string | null, signal?: AbortSignal): Promise<FuturesFundingHistoryResponse> {
  return apiRequest('/api/v1/futures/funding-history', {
    query: { limit: String(FUTURES_HISTORY_PAGE), before: before ?? undefined },
    schema: futuresFundingHistoryResponse,
    signal,
    auth: true,
    apikey: true,
  });
}
