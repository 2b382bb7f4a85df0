import type { FuturesOrderType, FuturesSide, MarginMode, PositionStatus, TriggerBy } from '@exchange/contract';
import type { KeyedRequest } from '../../ledger/idempotency.js';
import type { Hold } from '../../ledger/postings.js';
import type { Coin } from '../../shared/catalogue.js';
import type { Dec } from '../../shared/decimal.js';

/**
 * A user's position on a contract: one per (user, contract, side, margin mode) while open, as on
 * OKX's long/short mode. Opening fills add to it at the size-weighted average entry (cost / qty);
 * closing fills, liquidation, deleveraging and delivery reduce it. Its hold carries the margin of
 * what is open; what an order reserves for its resting rest stays on the order's own hold.
 */
export interface LivePosition {
  id: string;
  seq: number;
  userId: string;
  coin: Coin;
  instId: string;
  side: FuturesSide;
  marginMode: MarginMode;
  leverage: number;
  /** Σ qty and Σ price × qty of every opening fill: its average entry over its life, also once closed. */
  openedQty: Dec;
  openedCost: Dec;
  /** Open contracts and their cost (Σ price × qty of the opening fills, less the cost share of what was closed). */
  qty: Dec;
  cost: Dec;
  /** Margin of what is open. */
  margin: Dec;
  /** Fees of every fill, opening and closing. */
  fee: Dec;
  /** Funding paid (positive) or received (negative) in all. */
  funding: Dec;
  /** Profit or loss of what was closed, before fees and funding. */
  realizedPnl: Dec;
  /** What went back to the wallet on closing. */
  returned: Dec;
  takeProfit: string | null;
  stopLoss: string | null;
  /** What the take-profit and stop-loss watch: the mark or the contract's last trade. */
  triggerBy: TriggerBy;
  status: 'active' | 'closed' | 'liquidated';
  /** Id of the order closing it on the book while one runs (a liquidation's or a close's IOC). */
  closeOrderId: string | null;
  /** Price of the last reducing fill. */
  closePrice: string | null;
  hold: Hold;
  createdAt: Date;
  closedAt: Date | null;
}

/** The key a position is one per. */
export interface PositionKey {
  userId: string;
  instId: string;
  side: FuturesSide;
  marginMode: MarginMode;
}

/**
 * An order on a contract, as spec 2's order history lists it (its `id` is the spec's `future_id`):
 * an opening order, whose hold reserves margin and fee for its rest, or a reduce-only order that
 * closes part or all of its side's position and holds nothing.
 */
export interface LiveOrder {
  id: string;
  seq: number;
  userId: string;
  coin: Coin;
  instId: string;
  side: FuturesSide;
  marginMode: MarginMode;
  orderType: FuturesOrderType;
  leverage: number;
  reduceOnly: boolean;
  /** The position its fills went to; null while nothing filled. */
  positionId: string | null;
  /** Limit price (null for market). */
  orderPrice: string | null;
  orderQty: Dec;
  filled: Dec;
  /** Σ price × qty of its fills: the order's average price is entryCost / filled. */
  entryCost: Dec;
  fee: Dec;
  /** A reduce-only order: the profit or loss its fills realised. */
  realizedPnl: Dec;
  takeProfit: string | null;
  stopLoss: string | null;
  /** pending while nothing filled; active once something did while its position is open; then the position's end. */
  status: PositionStatus;
  /** The order still rests on the book. */
  orderOpen: boolean;
  /** An opening order's reservation; null for a reduce-only order. */
  hold: Hold | null;
  /**
   * The fee rate an opening order's hold reserved (the most its fills pay, so that a rate raised
   * while it rests never takes more than the hold has); null for a reduce-only order.
   */
  feeReserve: Dec | null;
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
