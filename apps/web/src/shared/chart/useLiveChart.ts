import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChartDrawing, ChartIndicator } from '@exchange/contract';
import { getPublicSocket, instIdOf, type PublicSocket } from '../../shared/market/publicSocket';
import { applyTrade, parseTrade, type Bar, type Resolution } from './bars';
import { buildChart, type ChartSize, type PriceLineSpec } from './chartSeries';
import type { SegmentPoint } from './drawings';
import { placeMarkers, toSeriesMarker, type ChartMarker } from './markers';
import { loadHistory, type HistoryGet } from './udf';
import type { ChartStyle } from './timeframes';

export type ChartStatus = 'loading' | 'ready' | 'error';

/** A safety net for a socket that is down: the latest bars are re-read this often and merged. */
const POLL_MS = 15_000;

interface LiveChartOptions {
  /** The coin (BTC: its spot pair's candles and trades), or a contract's id (BTC-USDT-SWAP: the contract's own). */
  symbol: string;
  resolution: Resolution;
  style: ChartStyle;
  attempt: number;
  socket?: PublicSocket;
  getHistory?: HistoryGet;
  markers?: readonly ChartMarker[];
  indicators?: readonly ChartIndicator[];
  /** The drawings of this chart's symbol. */
  drawings?: readonly ChartDrawing[];
  /** Each click on a bar, with its time and the price under the pointer. */
  onBarClick?: (point: SegmentPoint) => void;
  /** While true no chart is built (another view shows in its place). */
  hidden?: boolean;
  /** Pointed at the bars the chart holds, for the caller's keyboard drawing. */
  barsRef?: RefObject<readonly Bar[]>;
  /** A line across the prices (a contract's mark), moved without rebuilding the chart; absent draws none. */
  line?: PriceLineSpec | null;
}

/** Bars kept for the indicators: a long session on minutes must not grow without end. */
const MAX_BARS = 2000;
const NO_MARKERS: readonly ChartMarker[] = [];
const NO_INDICATORS: readonly ChartIndicator[] = [];
const NO_DRAWINGS: readonly ChartDrawing[] = [];

/** What the chart shows on top of its bars; changed without rebuilding the chart. */
interface Extras {
  markers: readonly ChartMarker[];
  indicators: readonly ChartIndicator[];
  drawings: readonly ChartDrawing[];
  onBarClick?: (point: SegmentPoint) => void;
  line?: PriceLineSpec | null;
}

/** Whole pixels, as the resize observer's box: the chart's first size and every later one agree. */
function sizeOf(box: { width: number; height: number }): ChartSize {
  return { width: Math.floor(box.width), height: Math.floor(box.height) };
}

/**
 * Loads the history, builds the chart in `containerRef` with it, then keeps the last bar live from the
 * `trades` channel. Everything is torn down and rebuilt when symbol, timeframe, style or the retry counter change;
 * new markers are only redrawn on the chart that is there.
 */
export function useLiveChart(containerRef: RefObject<HTMLDivElement | null>, options: LiveChartOptions): ChartStatus {
  const { symbol, resolution, style, attempt, socket, getHistory, markers = NO_MARKERS, indicators = NO_INDICATORS, drawings = NO_DRAWINGS, onBarClick, barsRef, hidden = false, line } = options;
  const extrasRef = useRef<Extras>({ markers, indicators, drawings, onBarClick, line });
  const showRef = useRef<((changed: Partial<Extras>) => void) | null>(null);
  const [result, setResult] = useState<{ key: string; status: ChartStatus }>({ key: '', status: 'loading' });
  const key = `${symbol}|${resolution}|${style}|${attempt}|${hidden}`;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || hidden) return undefined;
    let active = true;
    let handle: ReturnType<typeof buildChart> | undefined;
    let observer: ResizeObserver | undefined;
    let series: Bar[] = [];
    let firstBarTime: number | undefined;
    let stopClicks: (() => void) | undefined;
    let unsubscribe: (() => void) | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;

    // The chart is built once its history is here: built empty first, it drew its panes and axes
    // twice, each draw a long task on a slow phone while the rest of the page was starting.
    loadHistory(symbol, resolution, { get: getHistory })
      .then((bars) => {
        if (!active) return;
        let chart: ReturnType<typeof buildChart>;
        // Built at the size the observer will report: built at the rounded clientWidth, the chart was
        // laid out and drawn a second time on load when the observer's first report differed by a pixel.
        let size = sizeOf(container.getBoundingClientRect());
        try {
          chart = buildChart(container, style, resolution, size);
        } catch {
          // A browser without a usable canvas gets the error state instead of a crashed page.
          setResult({ key, status: 'error' });
          return;
        }
        handle = chart;
        const merge = (bars: readonly Bar[]) => {
          let changed = false;
          for (const bar of bars) {
            const last = series[series.length - 1];
            if (last && bar.time < last.time) continue;
            if (last && bar.time === last.time) series[series.length - 1] = bar;
            else series.push(bar);
            if (series.length > MAX_BARS) series.shift();
            chart.updateBar(bar);
            changed = true;
          }
          if (changed) chart.updateIndicators(series);
        };
        observer = new ResizeObserver(([entry]) => {
          if (!entry) return;
          const next = sizeOf(entry.contentRect);
          if (next.width === size.width && next.height === size.height) return;
          size = next;
          chart.resize(next.width, next.height);
        });
        observer.observe(container);
        chart.setBars(bars);
        series = [...bars];
        if (barsRef) barsRef.current = series;
        firstBarTime = bars[0]?.time;
        // Markers wait for the history: before it the first bar, which bounds them, is unknown.
        const show = (changed: Partial<Extras>) => {
          if (changed.markers) chart.setMarkers(placeMarkers(changed.markers, resolution, firstBarTime).map(toSeriesMarker));
          if (changed.indicators) chart.setIndicators(changed.indicators, series);
          if (changed.drawings) chart.setDrawings(changed.drawings, series);
          if (changed.line !== undefined) chart.setLine(changed.line);
        };
        showRef.current = show;
        show(extrasRef.current);
        stopClicks = chart.onClick((point) => extrasRef.current.onBarClick?.(point));
        setResult({ key, status: 'ready' });
        unsubscribe = (socket ?? getPublicSocket()).subscribe('trades', symbol.includes('-') ? symbol.toUpperCase() : instIdOf(symbol), (data) => {
          for (const item of data) {
            const trade = parseTrade(item);
            const bar = trade ? applyTrade(series[series.length - 1], trade, resolution) : null;
            if (bar) merge([bar]);
          }
        });
        poll = setInterval(() => {
          loadHistory(symbol, resolution, { get: getHistory, countback: 2 })
            .then((latest) => {
              if (active) merge(latest);
            })
            .catch(() => undefined);
        }, POLL_MS);
      })
      .catch(() => {
        if (active) setResult({ key, status: 'error' });
      });

    return () => {
      active = false;
      showRef.current = null;
      stopClicks?.();
      unsubscribe?.();
      clearInterval(poll);
      observer?.disconnect();
      handle?.remove();
    };
  }, [containerRef, symbol, resolution, style, key, socket, getHistory, barsRef, hidden]);

  useEffect(() => {
    extrasRef.current.onBarClick = onBarClick;
  }, [onBarClick]);
  useEffect(() => {
    extrasRef.current.markers = markers;
    showRef.current?.({ markers });
  }, [markers]);
  useEffect(() => {
    extrasRef.current.indicators = indicators;
    showRef.current?.({ indicators });
  }, [indicators]);
  const linePrice = line?.price;
  const lineTitle = line?.title;
  useEffect(() => {
    const next = linePrice === undefined || lineTitle === undefined ? undefined : { price: linePrice, title: lineTitle };
    if (next === undefined && extrasRef.current.line === undefined) return;
    extrasRef.current.line = next ?? null;
    showRef.current?.({ line: next ?? null });
  }, [linePrice, lineTitle]);
  useEffect(() => {
    extrasRef.current.drawings = drawings;
    showRef.current?.({ drawings });
  }, [drawings]);

  return result.key === key ? result.status : 'loading';
}
