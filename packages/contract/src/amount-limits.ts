/**
 * The bounds every amount that enters the exchange is held to (docs/funds.md, "Limits"): at most
 * the asset's maximum per operation, and no more decimals than the token has on its network.
 */
export const amountLimitMessages = {
  aboveMaximum: (max: string, symbol: string) => `The amount is above the maximum of ${max} ${symbol} in one operation`,
  tooManyDecimals: (symbol: string, network: string, decimals: number) =>
    decimals === 0
      ? `${symbol} on ${network} has no decimals: enter a whole number`
      : `${symbol} on ${network} has ${decimals} decimals: enter at most ${decimals} digits after the decimal point`,
  aboveCapacity: (symbol: string) => `The exchange cannot take more ${symbol} into this account: the amount is above its capacity`,
} as const;
