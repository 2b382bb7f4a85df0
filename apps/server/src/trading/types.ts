import type { ExecutionType, OrderSide, OrderStatus } from '@exchange/contract';
import type { Coin } from '../market/catalogue.js';
import type { Dec } from '../market/decimal.js';

export type SpotTif = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/** A checked order request: price, stop and amount already on the coin's grid. */
export interface PlaceRequest {
  kind: 'place';
  userId: string;
  coin: Coin;
  instId: string;
  side: OrderSide;
  execType: ExecutionType;
  tif: SpotTif;
  /** Limit price in ticks (limit and stop-limit). */
  priceTicks: number | null;
  stopTicks: number | null;
  lots: number;
  /** Quote budget of a market buy (decimal string), when the user gave total_in_usdt. */
  totalUsdt: string | null;
  idempotency?: { key: string; hash: string };
}

export interface CancelRequest {
  kind: 'cancel';
  userId: string;
  orderId: string;
  instId: string;
}

export type TradingRequest = PlaceRequest | CancelRequest;

/** A user order the engine still holds (or, within a batch, one that just ended). */
export interface LiveOrder {
  id: string;
  seq: number;
  userId: string;
  coin: Coin;
  instId: string;
  side: OrderSide;
  execType: ExecutionType;
  tif: SpotTif;
  price: string | null;
  stopPrice: string | null;
  amount: string;
  budget: string | null;
  filled: Dec;
  filledQuote: Dec;
  fee: Dec;
  feeAsset: string;
  holdId: string;
  holdAsset: string;
  /** What is left of the hold; released when the order ends. */
  holdLeft: Dec;
  status: OrderStatus;
  open: boolean;
  triggered: boolean;
  createdAt: Date;
}
