import { futuresMessages, MAX_LIVE_ORDERS_PER_MARKET, type OpenFuturesResponse } from '@exchange/contract';
import { maxLeverageFor } from '@exchange/risk';
import { AppError, codedError } from '../../errors.js';
import type { Answer } from '../../ledger/idempotency.js';
import type { LedgerTx } from '../../ledger/ledger.js';
import { Dec } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { afterEngine, engineSide, hasIds, type Desk } from './desk.js';
import { bookEvents } from './fill-booking.js';
import { openLimit } from './order-prices.js';
import { positionsInsertWriter } from './records.js';
import { feeOf, futuresUsdt, marginOf } from './settlement.js';
import type { LivePosition, OpenRequest } from './types.js';

const ZERO = new Dec(0);

/**
 * Opens a position in one ledger job: the pre-trade checks (liquidity, leverage for the notional,
 * margin and fee available, the live-order cap), the margin hold, the venue's match and its booking.
 */
export function applyOpen(desk: Desk, req: OpenRequest, venue: Venue, answer: Answer<OpenFuturesResponse> | undefined, tx: LedgerTx): OpenFuturesResponse {
  if (!hasIds(desk, venue)) throw tx.deferral();
  const bounds = openLimit(req.side, { bid: venue.bestBid(), ask: venue.bestAsk() }, req.orderType === 'market' ? null : (req.priceTicks as number));
  if (bounds === null) throw new AppError(400, futuresMessages.noLiquidity, 'NO_LIQUIDITY');
  const { limitTicks, boundTicks } = bounds;
  const qty = new Dec(venue.lots.format(req.lots));
  const notional = new Dec(venue.prices.format(boundTicks)).mul(qty);
  const maxLeverage = maxLeverageFor(notional.toNumber());
  if (req.leverage > maxLeverage) throw codedError(400, 'LEVERAGE_TOO_HIGH', 'futures.leverageTooHigh', { max: String(maxLeverage) });
  const need = marginOf(notional, req.leverage).plus(feeOf(notional));
  const account = futuresUsdt(req.userId);
  const available = tx.available(account);
  if (available.lt(need)) {
    throw tx.shortOf(account, codedError(400, 'INSUFFICIENT_MARGIN', 'futures.insufficientMargin', { need: need.toFixed(2), have: available.toFixed(2) }));
  }
  if (req.orderType !== 'market' && venue.liveOrdersOf(req.userId) >= MAX_LIVE_ORDERS_PER_MARKET) {
    throw codedError(400, 'TOO_MANY_ORDERS', 'order.tooManyOrders', { max: String(MAX_LIVE_ORDERS_PER_MARKET) });
  }
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
    const position: LivePosition = {
      id,
      seq,
      userId: req.userId,
      coin: req.coin,
      instId: venue.instId,
      side: req.side,
      marginMode: req.marginMode,
      orderType: req.orderType,
      leverage: req.leverage,
      orderPrice: req.orderType === 'limit' ? venue.prices.format(limitTicks) : null,
      orderQty: qty,
      filled: ZERO,
      entryCost: ZERO,
      qty: ZERO,
      cost: ZERO,
      margin: ZERO,
      fee: ZERO,
      funding: ZERO,
      realizedPnl: ZERO,
      returned: ZERO,
      takeProfit: req.takeProfit,
      stopLoss: req.stopLoss,
      status: 'pending',
      orderOpen: true,
      closeOrderId: null,
      closePrice: null,
      hold: tx.placeHold(account, need, 'margin', id),
      createdAt: desk.opts.now(),
      closedAt: null,
    };
    desk.book.add(position);
    desk.book.setOrder(id, { position, action: 'open' });
    b.created.add(position);
    tx.record(positionsInsertWriter, position);
    bookEvents(desk, tx, b, venue, events);
    const avg = position.filled.gt(0) ? position.entryCost.div(position.filled) : null;
    const placed: OpenFuturesResponse = {
      success: true,
      message: position.filled.gt(0) ? futuresMessages.opened(req.side) : futuresMessages.orderPlaced(req.side),
      future_id: id,
      status: position.status,
      filled_amount: position.filled.toFixed(),
      entry_price: avg === null ? position.orderPrice : venue.prices.format(venue.prices.ticksOf(avg.toFixed(venue.prices.decimals))),
      margin: position.margin.toFixed(),
      liquidation_price: null,
    };
    if (answer) tx.record(desk.opts.idempotency.answers, answer(200, placed));
    return placed;
  });
}
