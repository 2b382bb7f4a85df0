/**
 * OKX's published per-IP limits of the public calls (requests per 2 s, system/status per 5 s),
 * so a bot tuned for OKX is tuned for us; past one the call answers HTTP 429 with code 50011.
 */
const perTwoSeconds = (max: number) => ({ rateLimit: { max, timeWindow: 2_000 } });

export const OKX_LIMITS = {
  instruments: perTwoSeconds(20),
  time: perTwoSeconds(10),
  status: { rateLimit: { max: 1, timeWindow: 5_000 } },
  ticker: perTwoSeconds(20),
  tickers: perTwoSeconds(20),
  trades: perTwoSeconds(100),
  books: perTwoSeconds(40),
  candles: perTwoSeconds(40),
  historyCandles: perTwoSeconds(20),
  markPriceCandles: perTwoSeconds(20),
  historyMarkPriceCandles: perTwoSeconds(10),
  positionTiers: perTwoSeconds(10),
  fundingRate: perTwoSeconds(20),
  fundingRateHistory: perTwoSeconds(10),
  markPrice: perTwoSeconds(10),
  openInterest: perTwoSeconds(20),
} as const;
