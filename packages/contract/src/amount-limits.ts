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
  aboveMaximum: (max: string, symbol: string) => `The amount is above the maximum of ${max} ${symbol} in one operation`,
  tooManyDecimals: (symbol: string, network: string, decimals: number) =>
    decimals === 0
      ? `${symbol} on ${network} has no decimals: enter a whole number`
      : `${symbol} on ${network} has ${decimals} decimals: enter at most ${decimals} digits after the decimal point`,
  tooManyOrders: (max: number) => `You have ${max} open orders on this market, the most one account may have: cancel some first`,
  aboveCapacity: (symbol: string) => `The exchange cannot take more ${symbol} into this account: the amount is above its capacity`,
} as const;
