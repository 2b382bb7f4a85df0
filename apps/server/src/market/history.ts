import { coins as catalogueCoins, type Coin } from '../shared/catalogue.js';
import type { CandleHistory, NumericBars } from '../modules/market-data/candles.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, YEAR_MS } from '../shared/time.js';
import { modelParams, nextLogPrice, type ModelOptions, type ModelParams } from './price-model.js';
import { normal, rngFor, type Rng } from '../shared/prng.js';
import { bucketStart, type Resolution } from '../modules/market-data/resolutions.js';
import { TickGrid } from '../shared/tick-grid.js';

export interface HistoryOptions extends ModelOptions {
  seed: number | string;
  /** The history ends just before the minute holding this time. */
  endMs: number;
  coins?: readonly Coin[];
  /** Close of the last bar per symbol (the live simulator's current price); default: snapshot price. */
  endPrices?: Readonly<Record<string, string>>;
  /** Span of hourly detail; 4h and 1D bars are derived from it. */
  days?: number;
  /** Span of minute detail at the end; 5m and 15m bars (and the latest hours) come from it. */
  minuteDays?: number;
  /** Multiplies the catalogue's typical 24 h volume (the catalogue holds market-wide figures). */
  volumeScale?: number;
}

interface RawBar {
  time: number;
  o: number;
  h: number;
  l: number;
  c: number;
  quote: number;
}

/**
 * Synthetic past of every coin, so each chart timeframe has bars on a fresh start: hourly bars for
 * `days` (120 by default → 120 daily, 720 four-hour bars) and minute bars for the last `minuteDays`
 * (2 → 2880 one-minute, 576 five-minute, 192 fifteen-minute bars). The path comes from the same
 * model as the live simulator, seeded per coin, then shifted so its last close is the end price.
 */
export function generateHistory(opts: HistoryOptions): Map<string, CandleHistory> {
  const out = new Map<string, CandleHistory>();
  for (const coin of opts.coins ?? catalogueCoins) out.set(coin.symbol, coinHistory(coin, opts));
  return out;
}

function coinHistory(coin: Coin, opts: HistoryOptions): CandleHistory {
  const endMinute = bucketStart(opts.endMs, '1m');
  const minuteStart = bucketStart(endMinute - (opts.minuteDays ?? 2) * DAY_MS, '1h');
  const hourStart = bucketStart(endMinute - (opts.days ?? 120) * DAY_MS, '1D');
  const params = modelParams(coin, opts);
  const rng = rngFor(opts.seed, 'history', coin.symbol);
  const quotePerMs = (Number(coin.quote_volume_24h) * (opts.volumeScale ?? 1)) / DAY_MS;

  const path = { x: params.anchorLog };
  const hours = walk(path, params, rng, hourStart, minuteStart, HOUR_MS, quotePerMs);
  const minutes = walk(path, params, rng, minuteStart, endMinute, MINUTE_MS, quotePerMs);

  const lastClose = minutes.at(-1)?.c ?? hours.at(-1)?.c ?? Math.exp(path.x);
  const scale = Number(opts.endPrices?.[coin.symbol] ?? coin.price) / lastClose;
  const price = new TickGrid(coin.tick_size);
  const lot = new TickGrid(coin.lot_size);
  const toGrid = (bars: RawBar[]): GridBar[] => bars.map((b) => onGrid(b, scale, price, lot));

  const oneMinute = toGrid(minutes);
  const oneHour = [...toGrid(hours), ...derive(oneMinute, '1h')];
  const [priceOf, lotsOf] = [exactValue(price), exactValue(lot)];
  const columns = (bars: GridBar[]): NumericBars => toColumns(bars, priceOf, lotsOf);
  return {
    decimals: { price: price.decimals, volume: lot.decimals, quote: CENT_DECIMALS },
    bars: {
      '1m': columns(oneMinute),
      '5m': columns(derive(oneMinute, '5m')),
      '15m': columns(derive(oneMinute, '15m')),
      '1h': columns(oneHour),
      '4h': columns(derive(oneHour, '4h')),
      '1D': columns(derive(oneHour, '1D')),
      '1W': columns(derive(oneHour, '1W')),
    },
  };
}

/**
 * Bars of `barMs` from `fromMs` to `toMs`: one exact model step per bar gives open and close, and
 * the high and low are drawn from the extremes of a Brownian bridge between them, so wicks look
 * like a finely sampled path without paying for one.
 */
function walk(
  path: { x: number },
  params: ModelParams,
  rng: Rng,
  fromMs: number,
  toMs: number,
  barMs: number,
  quotePerMs: number,
): RawBar[] {
  const bars: RawBar[] = [];
  const variance = params.sigma * params.sigma * (barMs / YEAR_MS);
  for (let time = fromMs; time < toMs; time += barMs) {
    const x0 = path.x;
    const x1 = nextLogPrice(x0, params, barMs, rng);
    path.x = x1;
    const d2 = (x1 - x0) * (x1 - x0);
    const up = Math.sqrt(d2 - 2 * variance * Math.log(1 - rng()));
    const down = Math.sqrt(d2 - 2 * variance * Math.log(1 - rng()));
    const h = Math.exp((x0 + x1 + up) / 2);
    const l = Math.exp((x0 + x1 - down) / 2);
    // Busier bars when the price moves: volume grows with the bar's range, with log-normal noise.
    const range = (up + down) / 2 / Math.sqrt(variance);
    const quote = quotePerMs * barMs * Math.exp(0.4 * normal(rng) - 0.08) * (0.5 + 0.4 * range);
    bars.push({ time, o: Math.exp(x0), h, l, c: Math.exp(x1), quote });
  }
  return bars;
}

/** A bar in whole ticks, lots and quote cents: plain safe integers, so merging bars is exact and cheap. */
interface GridBar {
  time: number;
  o: number;
  h: number;
  l: number;
  c: number;
  lots: number;
  cents: number;
}

function onGrid(bar: RawBar, scale: number, price: TickGrid, lot: TickGrid): GridBar {
  const mid = ((bar.o + bar.h + bar.l + bar.c) / 4) * scale;
  const lots = lot.ticksNear(bar.quote / mid);
  return {
    time: bar.time,
    o: price.ticksNear(bar.o * scale),
    h: price.ticksNear(bar.h * scale),
    l: price.ticksNear(bar.l * scale),
    c: price.ticksNear(bar.c * scale),
    lots,
    cents: Math.round(lots * Number(lot.tickSize) * mid * 100),
  };
}

function derive(bars: readonly GridBar[], target: Resolution): GridBar[] {
  const out: GridBar[] = [];
  for (const b of bars) {
    const time = bucketStart(b.time, target);
    const cur = out[out.length - 1];
    if (cur && cur.time === time) {
      cur.h = Math.max(cur.h, b.h);
      cur.l = Math.min(cur.l, b.l);
      cur.c = b.c;
      cur.lots += b.lots;
      cur.cents += b.cents;
    } else {
      out.push({ ...b, time });
    }
  }
  return out;
}

/**
 * Tick counts to the double their decimal string parses to: an exact integer count of 10^-decimals
 * divided by the exact 10^decimals rounds once, just as parsing the string does.
 */
function exactValue(grid: TickGrid): (ticks: number) => number {
  const unit = Number(`1e${grid.decimals}`);
  const tickUnits = Math.round(Number(grid.tickSize) * unit);
  return (ticks) => (ticks * tickUnits) / unit;
}

function toColumns(bars: readonly GridBar[], price: (ticks: number) => number, lot: (lots: number) => number): NumericBars {
  const n = bars.length;
  const out: NumericBars = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    quoteVolume: new Float64Array(n),
  };
  bars.forEach((b, i) => {
    out.time[i] = b.time;
    out.open[i] = price(b.o);
    out.high[i] = price(b.h);
    out.low[i] = price(b.l);
    out.close[i] = price(b.c);
    out.volume[i] = lot(b.lots);
    out.quoteVolume[i] = b.cents / 100;
  });
  return out;
}

const CENT_DECIMALS = 2;
