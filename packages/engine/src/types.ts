/** Prices are integer ticks and quantities integer lots (safe JS integers); see decimal.ts for the edge. */
export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** What happens when a taker meets a resting order of the same owner. */
export type StpMode = 'cancel-maker' | 'cancel-taker' | 'cancel-both';
export type OrderType = 'limit' | 'market' | 'stop-limit';

export interface LimitOrderInput {
  id: string;
  owner: string;
  side: Side;
  price: number;
  qty: number;
  tif?: TimeInForce;
  postOnly?: boolean;
  stp?: StpMode;
}

/** Exactly one of `qty` (base lots) or `budget` (quote notional in tick*lot units, buy only). */
export interface MarketOrderInput {
  id: string;
  owner: string;
  side: Side;
  qty?: number;
  budget?: number;
  stp?: StpMode;
}

export interface StopLimitOrderInput extends LimitOrderInput {
  stopPrice: number;
}

export type Command =
  | ({ type: 'limit' } & LimitOrderInput)
  | ({ type: 'market' } & MarketOrderInput)
  | ({ type: 'stop-limit' } & StopLimitOrderInput)
  | { type: 'cancel'; id: string };

export type RejectReason =
  | 'duplicate-id'
  | 'invalid-qty'
  | 'invalid-price'
  | 'invalid-budget'
  | 'invalid-stop-price'
  | 'invalid-tif'
  | 'post-only-would-cross'
  | 'fok-unfillable'
  | 'unknown-order';

export type CancelReason =
  | 'user'
  | 'ioc'
  | 'market'
  | 'self-trade'
  | 'post-only-would-cross'
  | 'fok-unfillable';

/** `cancelled` = by its owner; `expired` = by the engine (IOC/market remainder, self-trade, triggered stop that could not enter). */
export type FinalStatus = 'filled' | 'cancelled' | 'expired';

export interface AcceptedEvent {
  type: 'accepted';
  orderId: string;
  owner: string;
  side: Side;
  orderType: OrderType;
  /** Limit price in ticks; null for market orders. */
  price: number | null;
  /** Lots; null for a budget-only market buy. */
  qty: number | null;
  budget: number | null;
  stopPrice: number | null;
  seq: number;
}

export interface RejectedEvent {
  type: 'rejected';
  orderId: string;
  /** null when rejecting a cancel of an unknown order. */
  owner: string | null;
  reason: RejectReason;
}

export interface FillEvent {
  type: 'fill';
  tradeId: number;
  /** The maker's price. */
  price: number;
  qty: number;
  takerSide: Side;
  makerOrderId: string;
  takerOrderId: string;
  makerOwner: string;
  takerOwner: string;
  makerRemaining: number;
  /** null for a budget-only market buy. */
  takerRemaining: number | null;
}

export interface CancelledEvent {
  type: 'cancelled';
  orderId: string;
  owner: string;
  reason: CancelReason;
  /** null for a budget-only market buy. */
  remainingQty: number | null;
}

export interface TriggeredEvent {
  type: 'triggered';
  orderId: string;
  owner: string;
  stopPrice: number;
  lastPrice: number;
  seq: number;
}

/** Emitted exactly once for every accepted order, when it leaves the engine. */
export interface DoneEvent {
  type: 'done';
  orderId: string;
  owner: string;
  status: FinalStatus;
  filledQty: number;
  /** Lots never filled; null for a budget-only market buy. */
  remainingQty: number | null;
  /** Unspent budget of a budget market buy, else null. */
  budgetLeft: number | null;
}

export type EngineEvent =
  | AcceptedEvent
  | RejectedEvent
  | FillEvent
  | CancelledEvent
  | TriggeredEvent
  | DoneEvent;

export type EventListener = (event: EngineEvent) => void;

export interface DepthLevel {
  price: number;
  qty: number;
  orders: number;
}

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface OrderSnapshot {
  id: string;
  owner: string;
  side: Side;
  price: number;
  qty: number;
  origQty: number;
  filled: number;
  seq: number;
  tif: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  stopPrice: number | null;
}

export interface BookSnapshot {
  version: 1;
  stp: StpMode;
  lastPrice: number | null;
  seq: number;
  tradeSeq: number;
  /** Best price first, FIFO within a price. */
  bids: OrderSnapshot[];
  asks: OrderSnapshot[];
  /** Untriggered stop-limit orders. */
  stops: OrderSnapshot[];
}

export interface OrderView {
  id: string;
  owner: string;
  side: Side;
  price: number;
  origQty: number;
  filledQty: number;
  remainingQty: number;
  /** `resting` in the book, or `stop` waiting for its trigger. */
  state: 'resting' | 'stop';
  stopPrice: number | null;
}

export interface OrderBookOptions {
  /** Default self-trade prevention for orders that do not set their own. */
  stp?: StpMode;
  onEvent?: EventListener;
}
