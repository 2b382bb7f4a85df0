import { CandleAggregator } from './candles.js';
import type { MarketData } from './market-data.js';
import type { DerivativesSource } from './public-feed.js';

/** Mark bars kept per resolution: a few days of minutes, as the market's own bars. */
const MAX_BARS = { '1m': 4320, '5m': 2016, '15m': 2000, '1h': 1000, '4h': 500, '1D': 400, '1W': 60 } as const;

/**
 * Bars of each contract's mark price, sampled after every risk step (where the mark is computed),
 * at market time, with no volume. Kept in memory from the server's start: the mark is not stored,
 * so after a restart the bars begin again. On a cluster only the venues' owner samples, and the v5
 * calls that read these bars are answered there (venue/owner-routes.ts).
 */
export class MarkCandles {
  readonly candles = new CandleAggregator(MAX_BARS);
  private stop: (() => void) | undefined;

  constructor(private readonly market: MarketData) {}

  /** Samples `source` from now on (set each time the futures module opens). */
  use(source: DerivativesSource): void {
    this.stop?.();
    this.stop = source.onStep(() => {
      const now = this.market.now;
      for (const venue of this.market.allMarkets()) {
        if (venue.kind === 'spot') continue;
        const mark = source.data('mark-price', venue.instId, now)?.markPx;
        if (mark) this.candles.apply(venue.instId, { price: mark, qty: '0', ts: now });
      }
    });
  }

  close(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
