import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderSide, PlaceOrderResponse } from '@exchange/contract';
import { formatBalance } from '../../../shared/format/balance';
import { formatPrice } from '../../../shared/format/price';
import { formatLotAmount } from './tradeForm';

interface PlacedOrder {
  side: OrderSide;
  symbol: string;
  /** The amount asked for, as sent. */
  amount: string;
  lot: string;
}

/**
 * What the trader is told once an order is accepted (issue 40): what filled at once, at what
 * average price and for what fee; the spec's "order placed" when nothing filled (or the answer does
 * not say).
 */
export function placedNoticeText(i18n: I18n, answer: PlaceOrderResponse, order: PlacedOrder): string {
  const { side, symbol } = order;
  const filledNumber = Number(answer.filled_amount);
  if (!(filledNumber > 0) || answer.average_price == null || answer.fee === undefined || answer.fee_asset === undefined) {
    return side === 'buy' ? i18n._(msg`Buy order placed successfully!`) : i18n._(msg`Sell order placed successfully!`);
  }
  const filled = formatLotAmount(answer.filled_amount, order.lot);
  const ordered = formatLotAmount(order.amount, order.lot);
  const price = formatPrice(answer.average_price);
  const fee = `${formatBalance(answer.fee)} ${answer.fee_asset}`;
  if (answer.status === 'filled') {
    return side === 'buy'
      ? i18n._(msg`Filled: bought ${filled} ${symbol} at an average price of ${price} USDT. Fee: ${fee}.`)
      : i18n._(msg`Filled: sold ${filled} ${symbol} at an average price of ${price} USDT. Fee: ${fee}.`);
  }
  if (answer.status === 'partially filled') {
    return side === 'buy'
      ? i18n._(msg`Partly filled: bought ${filled} of ${ordered} ${symbol} at an average price of ${price} USDT. Fee: ${fee}. The rest waits in the order book.`)
      : i18n._(msg`Partly filled: sold ${filled} of ${ordered} ${symbol} at an average price of ${price} USDT. Fee: ${fee}. The rest waits in the order book.`);
  }
  // A market order that met its price limit: what it could not fill there was cancelled.
  return side === 'buy'
    ? i18n._(msg`Partly filled: bought ${filled} of ${ordered} ${symbol} at an average price of ${price} USDT. Fee: ${fee}. The rest was cancelled at the price limit.`)
    : i18n._(msg`Partly filled: sold ${filled} of ${ordered} ${symbol} at an average price of ${price} USDT. Fee: ${fee}. The rest was cancelled.`);
}
