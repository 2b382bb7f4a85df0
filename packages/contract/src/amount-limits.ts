import { fillMessage } from './message-codes.js';
/**
 * The bounds every amount that enters the exchange is held to (docs/funds.md, "Limits"): at most
 * the asset's maximum per operation, and no more decimals than the token has on its network.
 */
/**
 * Orders one account may leave live (resting or waiting for their stop) on one market: the book is
 * held in memory, so a client cannot grow it without end. Large exchanges cap it likewise (Binance
 * 200 per symbol, OKX 500 per instrument); this is higher so that a market maker's bot fits.
 */
export const MAX_LIVE_ORDERS_PER_MARKET = 1_000;

export const amountLimitMessages = {
  aboveMaximum: (max: string, symbol: string) => fillMessage('amount.aboveMaximum', { max, symbol }),
  tooManyDecimals: (symbol: string, network: string, decimals: number) =>
    decimals === 0 ? fillMessage('amount.noDecimals', { symbol, network }) : fillMessage('amount.tooManyDecimals', { symbol, network, decimals: String(decimals) }),
  tooManyOrders: (max: number) => fillMessage('order.tooManyOrders', { max: String(max) }),
  aboveCapacity: (symbol: string) => fillMessage('amount.aboveCapacity', { symbol }),
} as const;
