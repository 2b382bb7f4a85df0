import {
  closePositionResponse,
  futuresContractsResponse,
  futuresPositionsResponse,
  futuresTransactionType,
  openFuturesResponse,
  userFuturesResponse,
  userWalletResponse,
  type ClosePositionResponse,
  type FuturesContract,
  type FuturesOrderType,
  type FuturesPosition,
  type FuturesPositionRow,
  type FuturesSide,
  type FuturesTransactionType,
  type MarginMode,
  type OpenFuturesResponse,
  type UserWalletResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

export type PositionAction = 'open' | 'close';

/** Spec 2 §2: Open sends BUY MORE and Close SELL SHORT. */
const TRANSACTION_TYPE: Record<PositionAction, FuturesTransactionType> = {
  open: futuresTransactionType.enum['BUY MORE'],
  close: futuresTransactionType.enum['SELL SHORT'],
};

export interface FuturesOrderInput {
  uid: number;
  symbol: string;
  action: PositionAction;
  side: FuturesSide;
  marginMode: MarginMode;
  orderType: FuturesOrderType;
  leverage: number;
  /** The limit price; a market order sends none. */
  price: string;
  amount: string;
  takeProfit?: string;
  stopLoss?: string;
}

/**
 * The query of POST /api/v1/futures (spec 2 §7 plus issue 14's fields): Open sends BUY MORE and
 * Close SELL SHORT (spec 2 §2), each with the side it opens or closes.
 */
export function futuresOrderQuery(input: FuturesOrderInput): Record<string, string | undefined> {
  const limit = input.orderType === 'limit';
  return {
    uid: String(input.uid),
    transaction_type: TRANSACTION_TYPE[input.action],
    position_action: input.action,
    symbol: input.symbol,
    side: input.side,
    margin_mode: input.marginMode,
    order_type: input.orderType,
    leverage: String(input.leverage),
    entry_price: limit ? input.price : undefined,
    amount: input.amount,
    take_profit: input.takeProfit || undefined,
    stop_loss: input.stopLoss || undefined,
  };
}

export function placeFuturesOrder(input: FuturesOrderInput, idempotencyKey: string): Promise<OpenFuturesResponse> {
  return apiRequest('/api/v1/futures', {
    method: 'POST',
    query: futuresOrderQuery(input),
    schema: openFuturesResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
    auth: true,
    apikey: true,
  });
}

export function fetchUserFutures(uid: number, signal?: AbortSignal): Promise<FuturesPositionRow[]> {
  return apiRequest(`/api/v1/user-futures/${uid}`, { schema: userFuturesResponse, signal, auth: true, apikey: true });
}

/** The caller's positions, open and recently closed, newest first (issue 41). */
export function fetchPositionList(signal?: AbortSignal): Promise<FuturesPosition[]> {
  return apiRequest('/api/v1/futures/positions', { query: { status: 'all', limit: '20' }, schema: futuresPositionsResponse, signal, auth: true, apikey: true });
}

export function closePosition(futureId: string): Promise<ClosePositionResponse> {
  return apiRequest('/api/v1/close-position', {
    method: 'PUT',
    query: { future_id: futureId },
    schema: closePositionResponse,
    auth: true,
    apikey: true,
  });
}

export function fetchContracts(signal?: AbortSignal): Promise<FuturesContract[]> {
  return apiRequest('/api/v1/futures/contracts', { schema: futuresContractsResponse, signal, apikey: true });
}

/** The futures wallet is the usdtWallet.future_wallet of the per-coin wallet answer (spec 2 §3). */
export function fetchFuturesWallet(uid: number, coinId: number, signal?: AbortSignal): Promise<UserWalletResponse> {
  return apiRequest(`/api/v1/user-wallet/${uid}/${coinId}`, { schema: userWalletResponse, signal, auth: true, apikey: true });
}
