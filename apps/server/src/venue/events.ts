import type { ExecutionType, FillUpdate, OrderSide, OrderStatus } from '@exchange/contract';
import type { EngineEvent, FillEvent } from '@exchange/engine';
import type { Dec } from '../shared/decimal.js';

/** One executed trade as the feeds, the candles and the `trades` table see it. */
export interface Trade {
  id: number;
  symbol: string;
  /** Decimal strings on the coin's tick and lot. */
  price: string;
  qty: string;
  takerSide: 'buy' | 'sell';
  makerOrderId: string;
  takerOrderId: string;
  ts: number;
}

/** A user's order as it stands after a batch: what the order history and the private feed show. */
export interface UserOrderState {
  id: string;
  userId: string;
  coin: { pair_id: number; name: string; symbol: string };
  createdAt: Date;
  side: OrderSide;
  execType: ExecutionType;
  price: string | null;
  stopPrice: string | null;
  amount: string;
  filled: Dec;
  filledQuote: Dec;
  fee: Dec;
  feeAsset: string;
  status: OrderStatus;
  /** The client's own id for the order (OKX's clOrdId), unique among the user's live orders; '' when none. */
  clOrdId: string;
  /** The client's tag (OKX's tag); '' when none. */
  tag: string;
}

/** A fill carries its trade: the id and decimals the rest of the server uses. */
export type VenueFill = FillEvent & { trade: Trade };
export type VenueEvent = Exclude<EngineEvent, FillEvent> | VenueFill;

/**
 * What one committed batch did on one venue: its engine events in order, and for the users' own
 * orders among them, the orders as they now stand and their fills (the private feed's rows).
 */
export interface VenueCommitted {
  type: 'committed';
  instId: string;
  events: readonly VenueEvent[];
  orders: readonly UserOrderState[];
  fills: readonly { userId: string; update: FillUpdate }[];
}

/** The venue's book was rebuilt from the database (a failed batch): quotes on it are gone. */
export interface VenueReset {
  type: 'reset';
  instId: string;
}

export type VenueMessage = VenueCommitted | VenueReset;
