import { spotMessages, type PlaceOrderQuery } from '@exchange/contract';
import { priceToTicks, qtyToLots } from '@exchange/engine';
import { AppError, codedError } from '../../errors.js';
import { coinByPairId, instId as instIdOf, QUOTE_ASSET, type Coin } from '../../shared/catalogue.js';
import type { PlaceRequest } from './types.js';
import { Dec } from '../../shared/decimal.js';
import { withinMaximum } from '../../shared/asset-limits.js';
import { withinSizeBounds } from '../../shared/size-bounds.js';

const bad = (message: string, code = 'VALIDATION') => new AppError(400, message, code);

/** The value in whole steps of the grid; off the grid, the refusal names the step (order.priceTick or order.amountLot). */
function onGrid(value: string, step: string, toUnits: typeof priceToTicks, refusal: () => AppError): number {
  let units: number;
  try {
    units = toUnits(value, step);
  } catch {
    throw refusal();
  }
  if (units <= 0) throw refusal();
  return units;
}

const offPriceTick = (tick: string) => () => codedError(400, 'VALIDATION', 'order.priceTick', { tick });
const offAmountLot = (lot: string) => () => codedError(400, 'VALIDATION', 'order.amountLot', { lot });

/** Checks the query of POST /orders against the coin's grid and turns it into an engine-ready request. */
export function parsePlaceOrder(query: PlaceOrderQuery, userId: string): PlaceRequest {
  const coin: Coin | undefined = coinByPairId(query.coin_id);
  if (!coin || !coin.is_tradable) throw bad(spotMessages.unknownCoin, 'UNKNOWN_COIN');
  const exec = query.excecution_type;
  const amount = new Dec(query.amount);
  withinMaximum(amount, coin.symbol);
  if (query.total_in_usdt !== undefined) withinMaximum(new Dec(query.total_in_usdt), QUOTE_ASSET);
  const lots = onGrid(query.amount, coin.lot_size, qtyToLots, offAmountLot(coin.lot_size));
  // A market an administrator listed has its own bounds (issue 43); a market buy in USDT is bounded by its funds.
  if (query.total_in_usdt === undefined) withinSizeBounds(coin, amount);
  let priceTicks: number | null = null;
  let stopTicks: number | null = null;
  if (exec !== 'market') {
    if (!query.price) throw bad(spotMessages.priceRequired);
    priceTicks = onGrid(query.price, coin.tick_size, priceToTicks, offPriceTick(coin.tick_size));
    if (!Number.isSafeInteger(priceTicks * lots)) throw bad(spotMessages.amountRequired);
  }
  if (exec === 'stop-limit') {
    if (!query.stop_price) throw bad(spotMessages.stopPriceRequired);
    stopTicks = onGrid(query.stop_price, coin.tick_size, priceToTicks, offPriceTick(coin.tick_size));
  }
  const tif = query.time_in_force ?? 'GTC';
  return {
    kind: 'place',
    userId,
    coin,
    instId: instIdOf(coin.symbol),
    side: query.order_type,
    execType: exec,
    tif: exec === 'market' ? 'IOC' : tif,
    priceTicks,
    stopTicks,
    lots,
    totalUsdt: exec === 'market' && query.order_type === 'buy' ? (query.total_in_usdt ?? null) : null,
    clOrdId: '',
    tag: '',
  };
}
