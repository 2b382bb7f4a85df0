import { futuresMaxLeverage, futuresMessages, MAX_LIVE_ORDERS_PER_MARKET, type OpenFuturesResponse } from '@exchange/contract';
import { leverageCap } from '@exchange/risk';
import { AppError, codedError } from '../../errors.js';
import type { Answer } from '../../ledger/idempotency.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { afterEngine, engineSide, feeReserveOf, hasIds, type Desk } from './desk.js';
import { bookEvents } from './fill-booking.js';
import { openLimit } from './order-prices.js';
import { ordersInsertWriter } from './records.js';
import { feeOf, futuresUsdt, marginOf } from './settlement.js';
import type { LiveOrder, OpenRequest } from './types.js';

const ZERO = new Dec(0);

/**
 * Places an opening order in one ledger job (its fills add to the side's position): the pre-trade checks (liquidity, leverage for the notional,
 * margin and fee available, the live-order cap), the margin hold, the venue's match and its booking.
 */
export function applyOpen(desk: Desk, req: OpenRequest, venue: Venue, answer: Answer<OpenFuturesResponse> | undefined, tx: LedgerTx): OpenFuturesResponse {
  if (!hasIds(desk, venue)) throw tx.deferral();
  const bounds = openLimit(req.side, { bid: venue.bestBid(), ask: venue.bestAsk() }, req.orderType === 'market' ? null : (req.priceTicks as number));
  if (bounds === null) throw new AppError(400, futuresMessages.noLiquidity, 'NO_LIQUIDITY');
  const { limitTicks, boundTicks } = bounds;
  const qty = new Dec(venue.lots.format(req.lots));
  const bound = new Dec(venue.prices.format(boundTicks));
  const notional = bound.mul(qty);
  const open = desk.book.positionOf(req);
  // The tier is that of the position the order grows: its notional at entry plus the order's.
  const maxLeverage = leverageCap(futuresMaxLeverage(req.instId), notional.plus(open?.cost ?? ZERO).toNumber());
  if (req.leverage > maxLeverage) throw codedError(400, 'LEVERAGE_TOO_HIGH', 'futures.leverageTooHigh', { max: String(maxLeverage) });
  // One-way mode: what a market order closes of the other side's position needs no margin (its fee
  // comes out of that position's margin as a close's does); only the part that opens is held. A
  // market order fills or ends in this job, so the position it nets cannot shrink in between; a limit
  // order that rests is held in full, as the position may be closed otherwise before it fills.
  const opposite = req.orderType === 'market' && desk.modes.of(req.userId) === 'one_way' ? desk.book.positionOf({ ...req, side: req.side === 'long' ? 'short' : 'long' }) : undefined;
  const opening = opposite ? bound.mul(qty.minus(Dec.min(qty, opposite.qty))) : notional;
  const feeReserve = feeReserveOf(desk, req.userId);
  const need = marginOf(opening, req.leverage).plus(feeOf(opening, feeReserve));
  const account = futuresUsdt(req.userId);
  const available = tx.available(account);
  if (available.lt(need)) {
    throw tx.shortOf(account, codedError(400, 'INSUFFICIENT_MARGIN', 'futures.insufficientMargin', { need: need.toFixed(2), have: available.toFixed(2) }));
  }
  if (req.orderType !== 'market' && venue.liveOrdersOf(req.userId) >= MAX_LIVE_ORDERS_PER_MARKET) {
    throw codedError(400, 'TOO_MANY_ORDERS', 'order.tooManyOrders', { max: String(MAX_LIVE_ORDERS_PER_MARKET) });
  }
  // Leverage is the position's: one order at another would leave its margin and its figures apart.
  if (open && open.leverage !== req.leverage) throw codedError(400, 'LEVERAGE_OF_POSITION', 'futures.leverageOfPosition', { leverage: String(open.leverage) });
  const seq = desk.ids.take();
  const id = String(seq);
  const side = engineSide(req.side, false);
  const events = venue.execute(
    req.orderType === 'market'
      ? { type: 'limit', id, owner: req.userId, side, price: limitTicks, qty: req.lots, tif: 'IOC' }
      : { type: 'limit', id, owner: req.userId, side, price: limitTicks, qty: req.lots },
  );
  if (events[0]?.type === 'rejected') throw new AppError(400, futuresMessages.tradeFailed, 'REJECTED');
  return afterEngine(() => {
    const b = desk.batchOf(tx);
    const order: LiveOrder = {
      id,
      seq,
      userId: req.userId,
      coin: req.coin,
      instId: venue.instId,
      side: req.side,
      marginMode: req.marginMode,
      orderType: req.orderType,
      leverage: req.leverage,
      reduceOnly: false,
      positionId: null,
      orderPrice: req.orderType === 'limit' ? venue.prices.format(limitTicks) : null,
      orderQty: qty,
      filled: ZERO,
      entryCost: ZERO,
      fee: ZERO,
      realizedPnl: ZERO,
      takeProfit: req.takeProfit,
      stopLoss: req.stopLoss,
      status: 'pending',
      orderOpen: true,
      // Null when all of it nets: nothing opens, so no fill takes from it.
      hold: need.gt(0) ? tx.placeHold(account, need, 'margin', id) : null,
      feeReserve,
      createdAt: desk.opts.now(),
      closedAt: null,
    };
    desk.book.setOrder(id, { action: 'open', order });
    b.createdOrders.add(order);
    tx.record(ordersInsertWriter, order);
    bookEvents(desk, tx, b, venue, events);
    const position = order.positionId === null ? undefined : desk.book.get(order.positionId);
    const avg = order.filled.gt(0) ? order.entryCost.div(order.filled) : null;
    const placed: OpenFuturesResponse = {
      success: true,
      message: order.filled.gt(0) ? futuresMessages.opened(req.side) : futuresMessages.orderPlaced(req.side),
      future_id: id,
      position_id: order.positionId,
      status: order.status,
      filled_amount: order.filled.toFixed(),
      entry_price: avg === null ? order.orderPrice : venue.prices.format(venue.prices.ticksOf(avg.toFixed(venue.prices.decimals))),
      margin: (position ? position.margin : (order.hold?.left ?? ZERO)).toFixed(),
      liquidation_price: null,
    };
    if (answer) tx.record(desk.opts.idempotency.answers, answer(200, placed));
    return placed;
  });
}
