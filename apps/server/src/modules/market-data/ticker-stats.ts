import type { Trade } from './candle-math.js';
import { decimalsOf, formatAmount, type NumericBars, type SeedDecimals } from './candles.js';
import { Dec } from '../../shared/decimal.js';
import { DAY_MS, MINUTE_MS } from '../../shared/time.js';

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

/** One minute's figures as plain numbers: the raw material, printed as decimal strings only in stats(). */
interface Bucket {
  minute: number;
  open: number;
  high: number;
  low: number;
  base: number;
  quote: number;
}

/**
 * Minute buckets as parallel number arrays (V8 keeps them as unboxed doubles), oldest first,
 * instead of one object per minute holding decimal objects.
 */
interface SymbolState {
  minute: number[];
  open: number[];
  high: number[];
  low: number[];
  base: number[];
  quote: number[];
  /** Decimals prices, base and quote volumes are printed with: the widest seen on input. */
  priceDecimals: number;
  baseDecimals: number;
  quoteDecimals: number;
  last: string;
  lastQty: string;
}

const COLUMNS = ['minute', 'open', 'high', 'low', 'base', 'quote'] as const;

/**
 * Incremental 24 h statistics from trades (or seeded 1m candles), kept as one bucket per minute:
 * the window is the last 1440 minute buckets including the current one, so a trade leaves the
 * window within a minute after it turns 24 h old. A query costs one pass over at most 1440 buckets
 * for high, low and the volume sums; summing there (rather than keeping running totals) keeps
 * float rounding from piling up as buckets enter and leave.
 */
export class TickerStats {
  private readonly symbols = new Map<string, SymbolState>();

  constructor(private readonly windowMs: number = DAY_MS) {}

  applyTrade(symbol: string, trade: Trade): void {
    const state = this.stateOf(symbol);
    const priceDecimals = decimalsOf(trade.price);
    const qtyDecimals = decimalsOf(trade.qty);
    state.priceDecimals = Math.max(state.priceDecimals, priceDecimals);
    state.baseDecimals = Math.max(state.baseDecimals, qtyDecimals);
    state.quoteDecimals = Math.max(state.quoteDecimals, priceDecimals + qtyDecimals);
    const price = Number(trade.price);
    const qty = Number(trade.qty);
    this.merge(state, {
      minute: Math.floor(trade.ts / MINUTE_MS) * MINUTE_MS,
      open: price,
      high: price,
      low: price,
      base: qty,
      quote: qty * price,
    }, trade.price, trade.qty);
  }

  /** Loads history (1m bars sorted by time) from `fromMs` on, e.g. the generated past on a fresh start. */
  seedBars(symbol: string, bars: NumericBars, decimals: SeedDecimals, fromMs: number): void {
    const state = this.stateOf(symbol);
    for (let i = 0; i < bars.time.length; i++) {
      const time = bars.time[i] as number;
      if (time < fromMs) continue;
      state.priceDecimals = Math.max(state.priceDecimals, decimals.price);
      state.baseDecimals = Math.max(state.baseDecimals, decimals.volume);
      state.quoteDecimals = Math.max(state.quoteDecimals, decimals.quote);
      this.merge(state, {
        minute: Math.floor(time / MINUTE_MS) * MINUTE_MS,
        open: bars.open[i] as number,
        high: bars.high[i] as number,
        low: bars.low[i] as number,
        base: bars.volume[i] as number,
        quote: bars.quoteVolume[i] as number,
      }, (bars.close[i] as number).toFixed(decimals.price), '0');
    }
  }

  /** Figures at `nowMs`; undefined until the symbol has had a trade or a seeded candle. */
  stats(symbol: string, nowMs: number): Ticker24h | undefined {
    const state = this.symbols.get(symbol.toUpperCase());
    if (!state || state.last === '') return undefined;
    this.evict(state, nowMs);
    const price = (value: number | undefined): string =>
      value === undefined ? state.last : value.toFixed(state.priceDecimals);
    let high = state.high[0];
    let low = state.low[0];
    let base = 0;
    let quote = 0;
    for (let i = 0; i < state.minute.length; i++) {
      high = Math.max(high as number, state.high[i] as number);
      low = Math.min(low as number, state.low[i] as number);
      base += state.base[i] as number;
      quote += state.quote[i] as number;
    }
    const open = price(state.open[0]);
    // Both ends are exact grid prices again once printed, so the change is computed exactly.
    const change = new Dec(state.last).sub(open);
    return {
      symbol: symbol.toUpperCase(),
      last: state.last,
      lastQty: state.lastQty,
      open24h: open,
      high24h: price(high),
      low24h: price(low),
      volume24h: formatAmount(base, state.baseDecimals),
      quoteVolume24h: formatAmount(quote, state.quoteDecimals),
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
      state = {
        minute: [],
        open: [],
        high: [],
        low: [],
        base: [],
        quote: [],
        priceDecimals: 0,
        baseDecimals: 0,
        quoteDecimals: 0,
        last: '',
        lastQty: '0',
      };
      this.symbols.set(key, state);
    }
    return state;
  }

  private merge(state: SymbolState, add: Bucket, last: string, qty: string): void {
    const n = state.minute.length;
    const lastMinute = state.minute[n - 1];
    if (lastMinute !== undefined && add.minute < lastMinute) {
      // Out of order: counts toward volume and range of its minute, never moves the last price.
      const i = state.minute.indexOf(add.minute);
      if (i >= 0) this.fold(state, i, add);
      return;
    }
    if (lastMinute !== undefined && add.minute === lastMinute) {
      this.fold(state, n - 1, add);
    } else {
      for (const col of COLUMNS) state[col].push(add[col]);
    }
    state.last = last;
    state.lastQty = qty;
  }

  private fold(state: SymbolState, i: number, add: Bucket): void {
    state.high[i] = Math.max(state.high[i] as number, add.high);
    state.low[i] = Math.min(state.low[i] as number, add.low);
    state.base[i] = (state.base[i] as number) + add.base;
    state.quote[i] = (state.quote[i] as number) + add.quote;
  }

  private evict(state: SymbolState, nowMs: number): void {
    const firstKept = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - this.windowMs + MINUTE_MS;
    let drop = 0;
    while (drop < state.minute.length && (state.minute[drop] as number) < firstKept) drop++;
    if (drop > 0) for (const col of COLUMNS) state[col].splice(0, drop);
  }

  /** Open of the first bucket at or after `ms`, else the last price (no trade since then). */
  private openAt(state: SymbolState, ms: number): string {
    const i = state.minute.findIndex((m) => m >= ms);
    return i < 0 ? state.last : (state.open[i] as number).toFixed(state.priceDecimals);
  }
}
