import {
  type CancelOrderResponse,
  type ExecutionType,
  type OrderHistoryRow,
  type OrderSide,
  type PlaceOrderResponse,
  type UserWalletResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';
import { cancelOrderAnswer, orderHistoryAnswer, placeOrderAnswer, userWalletAnswer } from '../../../shared/api/lightAnswers';
import { totalInUsdt } from '../../../shared/format/decimal';

export interface OrderInput {
  uid: number;
  coinPairId: number;
  side: OrderSide;
  executionType: ExecutionType;
  price: string;
  stopPrice?: string;
  amount: string;
}

/**
 * The query of POST /api/v1/orders (spec 1 §7). A market order carries neither price nor
 * total: the server fills it against the book, and a total at the last price would cap it.
 */
export function orderQuery(input: OrderInput): Record<string, string | undefined> {
  const market = input.executionType === 'market';
  return {
    uid: String(input.uid),
    coin_id: String(input.coinPairId),
    order_type: input.side,
    excecution_type: input.executionType,
    price: market ? undefined : input.price,
    stop_price: input.executionType === 'stop-limit' ? input.stopPrice : undefined,
    amount: input.amount,
    total_in_usdt: market ? undefined : totalInUsdt(input.price, input.amount),
  };
}

/** A fresh Idempotency-Key per submission, so a retried request never places a second order. */
export function placeOrder(input: OrderInput, idempotencyKey: string): Promise<PlaceOrderResponse> {
  return apiRequest('/api/v1/orders', {
    method: 'POST',
    query: orderQuery(input),
    schema: placeOrderAnswer,
    headers: { 'Idempotency-Key': idempotencyKey },
    auth: true,
    apikey: true,
  });
}

export function cancelOrder(orderId: string): Promise<CancelOrderResponse> {
  return apiRequest(`/api/v1/orders/${encodeURIComponent(orderId)}`, {
    method: 'DELETE',
    schema: cancelOrderAnswer,
    auth: true,
    apikey: true,
  });
}

export function fetchOrderHistory(uid: number, status: 'open' | 'all', signal?: AbortSignal): Promise<OrderHistoryRow[]> {
  return apiRequest(`/api/v1/order-history/${uid}`, {
    query: { status },
    schema: orderHistoryAnswer,
    signal,
    auth: true,
    apikey: true,
  });
}

export function fetchSpotWallet(uid: number, coinId: number, signal?: AbortSignal): Promise<UserWalletResponse> {
  return apiRequest(`/api/v1/user-wallet/${uid}/${coinId}`, { schema: userWalletAnswer, signal, auth: true, apikey: true });
}
