import type { ExecutionType, OrderSide } from '@exchange/contract';
import type { KeyedRequest } from '../../ledger/idempotency.js';
import type { Hold } from '../../ledger/postings.js';
import type { Coin } from '../../shared/catalogue.js';
import type { UserOrderState } from '../../venue/events.js';

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
  /** The client's own id (OKX's clOrdId): an order is refused while a live order of the user's has it. '' when none. */
  clOrdId: string;
  /** The client's tag, kept with the order; '' when none. */
  tag: string;
  idempotency?: KeyedRequest;
  /** Orders of one call that share this run in their order, each seeing the holds of those before (the ledger job's chain). */
  chain?: object;
}

export interface CancelRequest {
  kind: 'cancel';
  userId: string;
  orderId: string;
  instId: string;
}

/** A user order the engine still holds (or, within a batch, one that just ended). */
export interface LiveOrder extends UserOrderState {
  seq: number;
  coin: Coin;
  instId: string;
  tif: SpotTif;
  budget: string | null;
  /** The money it holds: quote for a buy, base for a sell. */
  hold: Hold;
  open: boolean;
  triggered: boolean;
}
