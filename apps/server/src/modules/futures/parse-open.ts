import { FUTURES_DEFAULT_LEVERAGE, futuresMaxLeverage, futuresMessages, swapInstId, type OpenFuturesQuery } from '@exchange/contract';
import { priceToTicks, qtyToLots } from '@exchange/engine';
import { AppError, codedError } from '../../errors.js';
import { coinByPairId, coinBySymbol, type Coin } from '../../shared/catalogue.js';
import type { OpenRequest } from './types.js';
import { Dec } from '../../shared/decimal.js';
import { withinMaximum } from '../../shared/asset-limits.js';

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

/** BTC, BTCUSDT, BTC-USDT, BTC-USDT-SWAP or a pair id: the coin of a tradable contract, or undefined. */
export function contractCoin(symbol: string): Coin | undefined {
  const s = symbol.trim().toUpperCase();
  const coin = /^\d+$/.test(s) ? coinByPairId(Number(s)) : coinBySymbol(s.replace(/-USDT-SWAP$|-USDT-\d{6}$|-USDT$|USDT$/, '') || s);
  return coin?.is_tradable ? coin : undefined;
}

/**
 * Checks POST /futures against the contract's grid. Without `side`, BUY MORE means long and SELL
 * SHORT short (a client of the spec alone); the web app always sends `side`.
 */
export function parseOpen(query: OpenFuturesQuery, userId: string): OpenRequest {
  const coin = contractCoin(query.symbol);
  if (!coin) throw bad(futuresMessages.invalidCoinId, 'UNKNOWN_CONTRACT');
  const side = query.side ?? (query.transaction_type === 'BUY MORE' ? 'long' : 'short');
  withinMaximum(new Dec(query.amount), coin.symbol);
  const lots = onGrid(query.amount, coin.lot_size, qtyToLots, offAmountLot(coin.lot_size));
  let priceTicks: number | null = null;
  if (query.order_type === 'limit') {
    if (!query.entry_price) throw bad(futuresMessages.invalidPrice);
    priceTicks = onGrid(query.entry_price, coin.tick_size, priceToTicks, offPriceTick(coin.tick_size));
    if (!Number.isSafeInteger(priceTicks * lots)) throw bad(futuresMessages.invalidAmount);
    const price = Number(query.entry_price);
    const long = side === 'long';
    // A close order's are checked against its position's entry, when it is placed (close-job.ts).
    const opening = query.position_action !== 'close';
    if (opening && query.take_profit && (long ? Number(query.take_profit) <= price : Number(query.take_profit) >= price)) {
      throw bad(futuresMessages.takeProfitSide);
    }
    if (opening && query.stop_loss && (long ? Number(query.stop_loss) >= price : Number(query.stop_loss) <= price)) {
      throw bad(futuresMessages.stopLossSide);
    }
  }
  const delivery = /^[A-Za-z0-9]{2,10}-USDT-\d{6}$/.test(query.symbol.trim());
  const max = futuresMaxLeverage(coin.symbol);
  if (query.leverage !== undefined && query.leverage > max) throw codedError(400, 'LEVERAGE_TOO_HIGH', 'futures.leverageAboveMax', { symbol: coin.symbol, max: String(max) });
  return {
    userId,
    coin,
    instId: delivery ? query.symbol.trim().toUpperCase() : swapInstId(coin.symbol),
    side,
    marginMode: query.margin_mode,
    orderType: query.order_type,
    // The route puts the side's own leverage in when the order names none.
    leverage: query.leverage ?? FUTURES_DEFAULT_LEVERAGE,
    priceTicks,
    lots,
    takeProfit: query.take_profit ?? null,
    stopLoss: query.stop_loss ?? null,
  };
}
