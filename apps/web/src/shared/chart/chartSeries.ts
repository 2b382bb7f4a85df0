import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type MouseEventParams,
  type Time,
  type ISeriesApi,
  type SeriesMarker,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartDrawing, ChartIndicator } from '@exchange/contract';
import type { Bar, Resolution } from './bars';
import type { SegmentPoint } from './drawings';
import { lazyLayer } from './lazyLayer';
import { DOWN_COLOR, UP_COLOR } from './chartColors';
import { parseChartColor } from './colorParser';
import { tickMarkLabel } from './tickMarks';
import type { ChartStyle } from './timeframes';
import { chartPrice, chartPriceTicks } from './priceAxis';
import { formatLocale } from '../format/locale';

const VOLUME_UP = 'rgba(14, 203, 129, 0.35)';
const VOLUME_DOWN = 'rgba(246, 70, 93, 0.35)';

export interface ChartHandle {
  chart: IChartApi;
  /** Sets the full history. */
  setBars(bars: readonly Bar[]): void;
  /** Replaces the last bar or appends one at a later time. */
  updateBar(bar: Bar): void;
  /** Replaces the markers on the price series; they must be sorted by time. */
  setMarkers(markers: SeriesMarker<UTCTimestamp>[]): void;
  /** A labelled horizontal line at `line.price` on the price scale (a contract's mark), moved or removed (null). */
  setLine(line: PriceLineSpec | null): void;
  /** Replaces the indicators, computed from `bars` (the bars the chart holds). */
  setIndicators(ids: readonly ChartIndicator[], bars: readonly Bar[]): void;
  /** Redraws the indicators' last values after `bars`' last bar changed. */
  updateIndicators(bars: readonly Bar[]): void;
  /** Replaces the drawn lines with `drawings`, cut to `bars`. */
  setDrawings(drawings: readonly ChartDrawing[], bars: readonly Bar[]): void;
  /** Calls `handler` with the bar time and price under each click on a bar; answers the unsubscribe. */
  onClick(handler: (point: SegmentPoint) => void): () => void;
  resize(width: number, height: number): void;
  remove(): void;
}

/** A line drawn across the price series, named on its axis label. */
export interface PriceLineSpec {
  title: string;
  price: number;
}

const LINE_COLOR = '#f0b90b';

const time = (bar: Bar) => bar.time as UTCTimestamp;

function volumePoint(bar: Bar) {
  return { time: time(bar), value: bar.volume, color: bar.close >= bar.open ? VOLUME_UP : VOLUME_DOWN };
}

/** The chart's size in whole pixels, measured the same way when it is built and when it is resized. */
export interface ChartSize {
  width: number;
  height: number;
}

/**
 * A dark chart of `size` with a price series (candles or a line) over a volume histogram in the
 * bottom fifth. Indicators and drawings load their code when the first one is shown.
 */
export function buildChart(container: HTMLElement, style: ChartStyle, resolution: Resolution, size: ChartSize): ChartHandle {
  // Without a 2D canvas the library fails later inside a frame callback, where nothing can catch it.
  if (!container.ownerDocument.createElement('canvas').getContext('2d')) throw new Error('Canvas 2D is unavailable');
  const chart = createChart(container, {
    width: size.width,
    height: size.height,
    layout: {
      background: { type: ColorType.Solid, color: '#0b0e11' },
      textColor: '#848e9c',
      attributionLogo: false,
      colorParsers: [parseChartColor],
    },
    grid: { vertLines: { color: 'rgba(43, 49, 57, 0.5)' }, horzLines: { color: 'rgba(43, 49, 57, 0.5)' } },
    rightPriceScale: { borderColor: '#2b3139' },
    timeScale: { borderColor: '#2b3139', timeVisible: true, secondsVisible: false, tickMarkFormatter: tickMarkLabel },
    crosshair: { mode: 0 },
    // Dates and prices as the page's language writes them (the library's own default is the browser's,
    // and its prices have no thousands separator). Called without arguments, they read the language at each paint.
    localization: { locale: formatLocale(), priceFormatter: (value: number) => chartPrice(value), tickmarksPriceFormatter: (values: number[]) => chartPriceTicks(values) },
  });
  const price =
    style === 'candles'
      ? chart.addSeries(CandlestickSeries, {
          upColor: UP_COLOR,
          downColor: DOWN_COLOR,
          borderUpColor: UP_COLOR,
          borderDownColor: DOWN_COLOR,
          wickUpColor: UP_COLOR,
          wickDownColor: DOWN_COLOR,
        })
      : chart.addSeries(LineSeries, { color: UP_COLOR, lineWidth: 2 });
  price.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
  const volume: ISeriesApi<'Histogram'> = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const markerLayer = createSeriesMarkers(price, []);
  const indicators = lazyLayer(() => import('./indicatorLayer').then((m) => m.indicatorLayer(chart)));
  const drawings = lazyLayer(() => import('./drawingLayer').then((m) => m.drawingLayer(chart, price, resolution)));

  let line: IPriceLine | null = null;
  const pricePoint = (bar: Bar) =>
    style === 'candles'
      ? { time: time(bar), open: bar.open, high: bar.high, low: bar.low, close: bar.close }
      : { time: time(bar), value: bar.close };

  return {
    chart,
    setBars(bars) {
      (price as ISeriesApi<'Candlestick' | 'Line'>).setData(bars.map(pricePoint) as never);
      volume.setData(bars.map(volumePoint));
      // About 7 px per candle keeps bodies readable; a phone shows the latest bars rather than all 300 squeezed.
      const visible = Math.max(30, Math.floor(container.clientWidth / 7));
      if (bars.length > visible) chart.timeScale().setVisibleLogicalRange({ from: bars.length - visible, to: bars.length + 2 });
      else chart.timeScale().fitContent();
    },
    updateBar(bar) {
      (price as ISeriesApi<'Candlestick' | 'Line'>).update(pricePoint(bar) as never);
      volume.update(volumePoint(bar));
    },
    setMarkers(markers) {
      markerLayer.setMarkers(markers);
    },
    setLine(spec) {
      if (spec === null) {
        if (line) price.removePriceLine(line);
        line = null;
      } else if (line) line.applyOptions({ price: spec.price, title: spec.title });
      else line = price.createPriceLine({ price: spec.price, title: spec.title, color: LINE_COLOR, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true });
    },
    setIndicators(ids, bars) {
      // VOL is the volume histogram the chart always has, shown or hidden: it needs no indicator code.
      volume.applyOptions({ visible: ids.includes('VOL') });
      indicators.run((layer) => layer.set(ids, bars), ids.some((id) => id !== 'VOL'));
    },
    updateIndicators: (bars) => indicators.current?.update(bars),
    setDrawings: (list, bars) => drawings.run((layer) => layer.set(list, bars), list.length > 0),
    onClick(handler) {
      const listener = (param: MouseEventParams<Time>) => {
        if (!param.point || typeof param.time !== 'number' || param.paneIndex !== 0) return;
        const value = price.coordinateToPrice(param.point.y);
        if (value !== null && Number.isFinite(value)) handler({ time: param.time, value });
      };
      chart.subscribeClick(listener);
      return () => chart.unsubscribeClick(listener);
    },
    resize(width, height) {
      chart.resize(width, height);
    },
    remove() {
      indicators.close();
      drawings.close();
      chart.remove();
    },
  };
}
