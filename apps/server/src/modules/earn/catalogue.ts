/** One Earn product as the seed lists it: APR as a fraction, no term for a flexible product. */
export interface ProductSeed {
  symbol: string;
  termDays: number | null;
  apr: string;
  minAmount: string;
}

const flexible = (symbol: string, apr: string, minAmount: string): ProductSeed => ({ symbol, termDays: null, apr, minAmount });
const fixed = (symbol: string, termDays: number, apr: string, minAmount: string): ProductSeed => ({ symbol, termDays, apr, minAmount });

/**
 * The products migration 21 lists: USDT, BTC and ETH (the spec's filter values) and a few more
 * listed coins, each with a flexible product and some fixed terms of 3, 7 or 30 days. The rates
 * are this exchange's offer, paid from `system:earn-interest` (docs/earn.md); a longer term pays more.
 */
export const productSeeds: readonly ProductSeed[] = [
  flexible('USDT', '0.045', '1'),
  fixed('USDT', 3, '0.05', '10'),
  fixed('USDT', 7, '0.06', '10'),
  fixed('USDT', 30, '0.08', '10'),
  flexible('BTC', '0.012', '0.0001'),
  fixed('BTC', 30, '0.025', '0.001'),
  flexible('ETH', '0.021', '0.001'),
  fixed('ETH', 7, '0.03', '0.01'),
  fixed('ETH', 30, '0.04', '0.01'),
  flexible('BNB', '0.015', '0.01'),
  fixed('BNB', 30, '0.03', '0.1'),
  flexible('SOL', '0.055', '0.01'),
  fixed('SOL', 7, '0.065', '0.1'),
  fixed('SOL', 30, '0.075', '0.1'),
  flexible('XRP', '0.02', '1'),
  flexible('ADA', '0.025', '1'),
  fixed('ADA', 30, '0.035', '10'),
  flexible('DOGE', '0.018', '10'),
  flexible('DOT', '0.08', '0.1'),
  fixed('DOT', 30, '0.1', '1'),
  flexible('TRX', '0.03', '10'),
  flexible('AVAX', '0.04', '0.1'),
  flexible('LINK', '0.015', '0.1'),
];

/** The product id: `USDT-FLEX`, `USDT-30D`. */
export const productId = (seed: Pick<ProductSeed, 'symbol' | 'termDays'>): string =>
  seed.termDays === null ? `${seed.symbol}-FLEX` : `${seed.symbol}-${seed.termDays}D`;
