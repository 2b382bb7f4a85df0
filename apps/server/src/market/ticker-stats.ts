import type { Candle, Trade } from './candle-math.js';
import { Dec } from './decimal.js';
import { DAY_MS, MINUTE_MS } from './price-model.js';

/** Rolling 24 h figures of one coin: what GET /coins and an OKX `tickers` push are built from. */
export interface Ticker24h {
  symbol: string;
  last: string;
  /** Size of the last trade; "0" when the last price came from seeded candles. */
  lastQty: string;
  open24h: string;
  high24h: string;
  low24h: string;
  /** Base-asset volume (OKX vol24h). */
  volume24h: string;
  /** Quote (USDT) volume (OKX volCcy24h; the coin list's volume_24h). */
  quoteVolume24h: string;
  change24h: string;
  /** Percent, two decimals, e.g. "-1.25". */
  changePercent24h: string;
  /** Price at 00:00 UTC today (OKX sodUtc0). */
  openUtc0: string;
  ts: number;
}

interface Bucket {
  minute: number;
  open: string;
  high: string;
  low: string;
  close: string;
  base: Dec;
  quote: Dec;
}

interface SymbolState {
  buckets: Bucket[];
  base: Dec;
  quote: Dec;
  last: string;
  lastQty: string;
}

/**
 * Incremental 24 h statistics from trades (or seeded 1m candles), kept as one bucket per minute:
 * the window is the last 1440 minute buckets including the current one, so a trade leaves the
 * window within a minute after it turns 24 h old. Volumes are running sums, added on entry and
 * subtracted on eviction, so a query costs one pass over at most 1440 buckets for high/low.
 */
export class TickerStats {
  private readonly symbols = new Map<string, SymbolState>();

  constructor(private readonly windowMs: number = DAY_MS) {}

  applyTrade(symbol: string, trade: Trade): void {
    const state = this.stateOf(symbol);
    const minute = Math.floor(trade.ts / MINUTE_MS) * MINUTE_MS;
    const quote = new Dec(trade.qty).mul(trade.price);
    this.merge(state, {
      minute,
      open: trade.price,
      high: trade.price,
      low: trade.price,
      close: trade.price,
      base: new Dec(trade.qty),
      quote,
    }, trade.qty);
  }

  /** Loads history (1m candles sorted by time), e.g. the generated past on a fresh start. */
  seedCandles(symbol: string, candles: readonly Candle[]): void {
    const state = this.stateOf(symbol);
    for (const c of candles) {
      this.merge(state, {
        minute: Math.floor(c.time / MINUTE_MS) * MINUTE_MS,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        base: new Dec(c.volume),
        quote: new Dec(c.quoteVolume),
      }, '0');
    }
  }

  /** Figures at `nowMs`; undefined until the symbol has had a trade or a seeded candle. */
  stats(symbol: string, nowMs: number): Ticker24h | undefined {
    const state = this.symbols.get(symbol.toUpperCase());
    if (!state || state.last === '') return undefined;
    this.evict(state, nowMs);
    const first = state.buckets[0];
    let high = first?.high ?? state.last;
    let low = first?.low ?? state.last;
    for (const b of state.buckets) {
      if (Number(b.high) > Number(high)) high = b.high;
      if (Number(b.low) < Number(low)) low = b.low;
    }
    const open = first?.open ?? state.last;
    const change = new Dec(state.last).sub(open);
    return {
      symbol: symbol.toUpperCase(),
      last: state.last,
      lastQty: state.lastQty,
      open24h: open,
      high24h: high,
      low24h: low,
      volume24h: state.base.toFixed(),
      quoteVolume24h: state.quote.toFixed(),
      change24h: change.toFixed(),
      changePercent24h: change.div(open).mul(100).toFixed(2),
      openUtc0: this.openAt(state, Math.floor(nowMs / DAY_MS) * DAY_MS),
      ts: nowMs,
    };
  }

  private stateOf(symbol: string): SymbolState {
    const key = symbol.toUpperCase();
    let state = this.symbols.get(key);
    if (!state) {
      state = { buckets: [], base: new Dec(0), quote: new Dec(0), last: '', lastQty: '0' };
      this.symbols.set(key, state);
    }
    return state;
  }

  private merge(state: SymbolState, add: Bucket, qty: string): void {
    const lastBucket = state.buckets[state.buckets.length - 1];
    if (lastBucket && add.minute < lastBucket.minute) {
      // Out of order: counts toward volume and range of its minute, never moves the last price.
      const b = state.buckets.find((x) => x.minute === add.minute);
      if (!b) return;
      if (Number(add.high) > Number(b.high)) b.high = add.high;
      if (Number(add.low) < Number(b.low)) b.low = add.low;
      this.addVolume(state, b, add);
      return;
    }
    if (lastBucket && add.minute === lastBucket.minute) {
      if (Number(add.high) > Number(lastBucket.high)) lastBucket.high = add.high;
      if (Number(add.low) < Number(lastBucket.low)) lastBucket.low = add.low;
      lastBucket.close = add.close;
      this.addVolume(state, lastBucket, add);
    } else {
      state.buckets.push({ ...add, base: new Dec(0), quote: new Dec(0) });
      this.addVolume(state, state.buckets[state.buckets.length - 1] as Bucket, add);
    }
    state.last = add.close;
    state.lastQty = qty;
  }

  private addVolume(state: SymbolState, bucket: Bucket, add: Bucket): void {
    bucket.base = bucket.base.add(add.base);
    bucket.quote = bucket.quote.add(add.quote);
    state.base = state.base.add(add.base);
    state.quote = state.quote.add(add.quote);
  }

  private evict(state: SymbolState, nowMs: number): void {
    const firstKept = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - this.windowMs + MINUTE_MS;
    let drop = 0;
    for (const b of state.buckets) {
      if (b.minute >= firstKept) break;
      state.base = state.base.sub(b.base);
      state.quote = state.quote.sub(b.quote);
      drop++;
    }
    if (drop > 0) state.buckets.splice(0, drop);
  }

  /** Open of the first bucket at or after `ms`, else the last price (no trade since then). */
  private openAt(state: SymbolState, ms: number): string {
    return state.buckets.find((b) => b.minute >= ms)?.open ?? state.last;
  }
}
