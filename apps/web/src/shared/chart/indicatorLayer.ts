import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { ChartIndicator } from '@exchange/contract';
import type { Bar } from './bars';
import { DOWN_COLOR, UP_COLOR } from './chartColors';
import { bollinger, closes, ema, macd, rsi, sma } from './indicators';

/** Indicators drawn over the prices, in the price pane; the others get a pane of their own below it. */
const OVERLAYS: ReadonlySet<ChartIndicator> = new Set(['MA', 'EMA', 'BOLL']);

const YELLOW = '#f0b90b';
const PINK = '#e377c2';
const PURPLE = '#8e6cef';
const BLUE = '#3c9ae8';

interface Line {
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  /** One value per bar (NaN where there is none yet); a histogram colours each by its sign. */
  values: (bars: readonly Bar[]) => number[];
  histogram?: boolean;
}

/** Each indicator's lines and their values; `paneIndex` is 0 for overlays. */
function linesOf(chart: IChartApi, id: ChartIndicator, paneIndex: number): Line[] {
  const line = (color: string, values: Line['values']): Line => ({
    series: chart.addSeries(LineSeries, { color, lineWidth: 1, lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false }, paneIndex),
    values,
  });
  switch (id) {
    case 'MA':
      return [line(YELLOW, (b) => sma(closes(b), 7)), line(PINK, (b) => sma(closes(b), 25)), line(PURPLE, (b) => sma(closes(b), 99))];
    case 'EMA':
      return [line(YELLOW, (b) => ema(closes(b), 12)), line(BLUE, (b) => ema(closes(b), 26))];
    case 'BOLL': {
      const bands = (b: readonly Bar[]) => bollinger(closes(b));
      return [line(PURPLE, (b) => bands(b).map((p) => p.upper)), line(YELLOW, (b) => bands(b).map((p) => p.middle)), line(PURPLE, (b) => bands(b).map((p) => p.lower))];
    }
    case 'MACD': {
      const points = (b: readonly Bar[]) => macd(closes(b));
      return [
        {
          series: chart.addSeries(HistogramSeries, { lastValueVisible: false, priceLineVisible: false }, paneIndex),
          values: (b) => points(b).map((p) => p.histogram),
          histogram: true,
        },
        line(YELLOW, (b) => points(b).map((p) => p.macd)),
        line(PINK, (b) => points(b).map((p) => p.signal)),
      ];
    }
    case 'RSI':
      return [line(PURPLE, (b) => rsi(closes(b)))];
    case 'VOL':
      return [];
  }
}

function point(bar: Bar, value: number, histogram: boolean | undefined) {
  const time = bar.time as UTCTimestamp;
  if (!Number.isFinite(value)) return { time };
  return histogram ? { time, value, color: value >= 0 ? UP_COLOR : DOWN_COLOR } : { time, value };
}

export interface IndicatorLayer {
  /** Replaces the shown indicators; VOL, the chart's own volume histogram, is skipped here. */
  set(ids: readonly ChartIndicator[], bars: readonly Bar[]): void;
  /** Redraws the last value of every line after the last bar changed or a bar was added. */
  update(bars: readonly Bar[]): void;
}

/** The indicators on `chart`, recomputed from its bars: a few hundred bars take well under a millisecond. */
export function indicatorLayer(chart: IChartApi): IndicatorLayer {
  let lines: Line[] = [];
  return {
    set(ids, bars) {
      for (const l of lines) chart.removeSeries(l.series);
      lines = [];
      let pane = 0;
      for (const id of ids) {
        if (id === 'VOL') continue;
        const added = linesOf(chart, id, OVERLAYS.has(id) ? 0 : ++pane);
        for (const l of added) l.series.setData(l.values(bars).map((v, i) => point(bars[i] as Bar, v, l.histogram)) as never);
        lines.push(...added);
      }
      // Indicator panes take a fifth of the height each, the prices the rest.
      chart.panes().forEach((p, i) => p.setStretchFactor(i === 0 ? 3 : 1));
    },
    update(bars) {
      const last = bars[bars.length - 1];
      if (!last) return;
      for (const l of lines) l.series.update(point(last, l.values(bars).at(-1) ?? Number.NaN, l.histogram) as never);
    },
  };
}
