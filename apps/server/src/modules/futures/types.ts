import type { FuturesOrderType, FuturesSide, MarginMode, PositionStatus } from '@exchange/contract';
import type { KeyedRequest } from '../../ledger/idempotency.js';
import type { Hold } from '../../ledger/postings.js';
import type { Coin } from '../../shared/catalogue.js';
import type { Dec } from '../../shared/decimal.js';

/**
 * A user's position on a perpetual contract: one per opening order (its `id` is the order's), as
 * spec 2's order history lists them. Its hold carries the margin of what is open plus, while the
 * opening order still rests, the margin and fee reserved for the rest.
 */
export interface LivePosition {
  id: string;
  seq: number;
  userId: string;
  coin: Coin;
  instId: string;
  side: FuturesSide;
  marginMode: MarginMode;
  orderType: FuturesOrderType;
  leverage: number;
  /** Limit price of the opening order (null for market). */
  orderPrice: string | null;
  orderQty: Dec;
  /** What the opening order filled in all. */
  filled: Dec;
  /** Σ price × qty of every opening fill: the entry price is entryCost / filled. */
  entryCost: Dec;
  /** Open contracts and their cost (Σ price × qty, less the cost share of what was closed). */
  qty: Dec;
  cost: Dec;
  /** Margin of what is open. */
  margin: Dec;
  fee: Dec;
  /** Funding paid (positive) or received (negative) in all. */
  funding: Dec;
  realizedPnl: Dec;
  /** What went back to the wallet on closing. */
  returned: Dec;
  takeProfit: string | null;
  stopLoss: string | null;
  status: PositionStatus;
  /** The opening order still rests on the book. */
  orderOpen: boolean;
  /** Id of the closing order on the book while one runs. */
  closeOrderId: string | null;
  closePrice: string | null;
  hold: Hold;
  createdAt: Date;
  closedAt: Date | null;
}

/** What a request asks, checked and on the contract's grid. */
export interface OpenRequest {
  userId: string;
  coin: Coin;
  instId: string;
  side: FuturesSide;
  marginMode: MarginMode;
  orderType: FuturesOrderType;
  leverage: number;
  priceTicks: number | null;
  lots: number;
  takeProfit: string | null;
  stopLoss: string | null;
  idempotency?: KeyedRequest;
}
