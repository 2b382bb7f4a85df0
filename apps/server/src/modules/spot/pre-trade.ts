import { MARKET_BUY_SLIPPAGE_BPS, MAX_LIVE_ORDERS_PER_MARKET, spotMessages } from '@exchange/contract';
import { notionalToQuote, quoteToNotional, type Command, type RejectReason } from '@exchange/engine';
import { AppError, codedError } from '../../errors.js';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { TickGrid } from '../../shared/tick-grid.js';
import type { PlaceRequest } from './types.js';

/** The book's top and the coin's grids: all a decision needs from the venue. */
export interface MarketView {
  bestBid: number | null;
  bestAsk: number | null;
  prices: TickGrid;
  lots: TickGrid;
  tickSize: string;
  lotSize: string;
}

/** The user's spendable balances as the ledger sees them in this batch. */
export interface Funds {
  available(asset: string): Dec;
  fresh(asset: string): boolean;
  /** What to throw when `asset` cannot pay (a refusal, or "decide again on a fresh read"). */
  shortOf(asset: string): Error;
}

export interface PlaceDecision {
  holdAsset: string;
  hold: Dec;
  /** Ticks: the limit price, or a market buy's slippage cap; null for a budget buy or a market sell. */
  price: number | null;
  /** Notional units (tick × lot) a budget market buy may spend. */
  budget: number | null;
}

export const insufficient = () => new AppError(400, spotMessages.insufficientBalance, 'INSUFFICIENT_BALANCE');
const noLiquidity = () => new AppError(400, spotMessages.noLiquidity, 'NO_LIQUIDITY');
/** A live order of the user's has this client order id already (OKX's 51016 on the trading API). */
export const duplicateClientOrderId = () => new AppError(400, spotMessages.duplicateClientOrderId, 'DUPLICATE_CLIENT_ORDER_ID');
/** An order that may rest, from an account with the most live orders the market takes from one account. */
export const tooManyOrders = () => codedError(400, 'TOO_MANY_ORDERS', 'order.tooManyOrders', { max: String(MAX_LIVE_ORDERS_PER_MARKET) });

/**
 * What an order holds, decided before it reaches the engine:
 * - limit and stop-limit buy: price × amount quote;
 * - any sell: the amount of base;
 * - market buy with total_in_usdt: min(total, available) quote, floored to the notional unit, as a
 *   budget buy;
 * - market buy with an amount only: amount × (best ask + slippage cap) as an IOC limit at the cap,
 *   or, when that worst case exceeds what the user has, a budget buy of the whole available quote.
 * A budget that cannot pay one lot at the best ask is "Insufficient balance". A refusal on a cached
 * balance, or a cap decided on one, is decided again on a fresh read (`Funds.shortOf`).
 */
export function decidePlace(req: PlaceRequest, m: MarketView, funds: Funds): PlaceDecision {
  const base = req.coin.symbol;
  if (req.side === 'sell') {
    if (req.execType === 'market' && m.bestBid === null) throw noLiquidity();
    const hold = new Dec(m.lots.format(req.lots));
    if (funds.available(base).lt(hold)) throw funds.shortOf(base);
    return { holdAsset: base, hold, price: req.execType === 'market' ? null : req.priceTicks, budget: null };
  }
  const usdt = funds.available(QUOTE_ASSET);
  if (req.execType !== 'market') {
    const hold = new Dec(m.prices.format(req.priceTicks as number)).mul(m.lots.format(req.lots));
    if (usdt.lt(hold)) throw funds.shortOf(QUOTE_ASSET);
    return { holdAsset: QUOTE_ASSET, hold, price: req.priceTicks, budget: null };
  }
  const ask = m.bestAsk;
  if (ask === null) throw noLiquidity();
  const cap = ask + Math.ceil((ask * MARKET_BUY_SLIPPAGE_BPS) / 10_000);
  const worstCase = new Dec(m.prices.format(cap)).mul(m.lots.format(req.lots));
  if (req.totalUsdt === null && worstCase.lte(usdt)) return { holdAsset: QUOTE_ASSET, hold: worstCase, price: cap, budget: null };
  // Spend at most the given total, and never more than the balance.
  const wanted = new Dec(req.totalUsdt ?? worstCase);
  if (wanted.gt(usdt) && !funds.fresh(QUOTE_ASSET)) throw funds.shortOf(QUOTE_ASSET);
  const spend = Dec.min(wanted, usdt);
  const budget = spend.gt(0) ? quoteToNotional(spend.toFixed(), m.tickSize, m.lotSize) : 0;
  // One lot at the best ask costs `ask` notional units: less buys nothing.
  if (budget < ask) throw insufficient();
  return { holdAsset: QUOTE_ASSET, hold: new Dec(notionalToQuote(budget, m.tickSize, m.lotSize)), price: null, budget };
}

/** The engine command of a decided order. Post-only is a GTC limit that must not cross. */
export function placeCommand(id: string, req: PlaceRequest, d: PlaceDecision): Command {
  const tif = req.tif === 'POST_ONLY' ? 'GTC' : req.tif;
  const postOnly = req.tif === 'POST_ONLY';
  if (d.budget !== null) return { type: 'market', id, owner: req.userId, side: 'buy', budget: d.budget };
  if (req.execType === 'market' && req.side === 'sell') return { type: 'market', id, owner: req.userId, side: 'sell', qty: req.lots };
  if (req.execType === 'market') return { type: 'limit', id, owner: req.userId, side: 'buy', price: d.price as number, qty: req.lots, tif: 'IOC' };
  if (req.execType === 'stop-limit') {
    return {
      type: 'stop-limit',
      id,
      owner: req.userId,
      side: req.side,
      price: d.price as number,
      qty: req.lots,
      stopPrice: req.stopTicks as number,
      tif,
      postOnly,
    };
  }
  return { type: 'limit', id, owner: req.userId, side: req.side, price: d.price as number, qty: req.lots, tif, postOnly };
}

/** The client's words for an order the engine refused. */
export function rejection(reason: RejectReason): AppError {
  if (reason === 'post-only-would-cross') return new AppError(400, spotMessages.postOnlyWouldCross, 'POST_ONLY');
  if (reason === 'fok-unfillable') return new AppError(400, spotMessages.fokNotFilled, 'FOK');
  return new AppError(400, spotMessages.placeFailed, 'REJECTED');
}
