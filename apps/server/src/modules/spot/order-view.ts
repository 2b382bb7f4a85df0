import type { OrderHistoryRow } from '@exchange/contract';
import type { UserOrderState } from '../../venue/events.js';
import { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';

/** An order as the history, the private feed and the page show it (contract orderHistoryRow). */
export function toHistoryRow(o: UserOrderState): OrderHistoryRow {
  const average = o.filled.gt(0) ? o.filledQuote.div(o.filled).toDecimalPlaces(18) : null;
  // The filled part is worth what its fills cost, never its limit; only the rest of a live order is priced at the limit.
  const open = o.status === 'pending' || o.status === 'partially filled';
  const rest = open && o.price && o.execType !== 'market' ? new Dec(o.price).mul(new Dec(o.amount).minus(o.filled)) : new Dec(0);
  const orderValue = o.filledQuote.plus(rest);
  return {
    order_id: o.id,
    date: o.createdAt.toISOString(),
    coin_id: o.coin.pair_id,
    coin_name: o.coin.name,
    symbol: o.coin.symbol,
    order_type: o.side,
    excecution_type: o.execType,
    price: o.execType === 'market' ? (average?.toFixed() ?? '0') : new Dec(o.price ?? '0').toFixed(),
    stop_price: o.stopPrice === null ? null : new Dec(o.stopPrice).toFixed(),
    amount: new Dec(o.amount).toFixed(),
    filled_amount: o.filled.toFixed(),
    average_price: average?.toFixed() ?? null,
    account_balance: orderValue.toFixed(),
    total: o.filledQuote.toFixed(),
    fee: o.fee.toFixed(),
    fee_asset: o.feeAsset,
    status: o.status,
    logo_path: coinIconPath(o.coin.symbol),
  };
}
