import { useEffect, useRef, useState, type RefObject } from 'react';
import { getPublicSocket, instIdOf, type PublicSocket } from '../../shared/market/publicSocket';
import { applyTrade, parseTrade, type Bar, type Resolution } from './bars';
import { buildChart } from './chartSeries';
import { placeMarkers, toSeriesMarker, type ChartMarker } from './markers';
import { loadHistory, type HistoryGet } from './udf';
import type { ChartStyle } from './timeframes';

export type ChartStatus = 'loading' | 'ready' | 'error';

/** A safety net for a socket that is down: the latest bars are re-read this often and merged. */
const POLL_MS = 15_000;

interface LiveChartOptions {
  symbol: string;
  resolution: Resolution;
  style: ChartStyle;
  attempt: number;
  socket?: PublicSocket;
  getHistory?: HistoryGet;
  markers?: readonly ChartMarker[];
}

const NO_MARKERS: readonly ChartMarker[] = [];

/**
 * Loads the history, builds the chart in `containerRef` with it, then keeps the last bar live from the
 * `trades` channel. Everything is torn down and rebuilt when symbol, timeframe, style or the retry counter change;
 * new markers are only redrawn on the chart that is there.
 */
export function useLiveChart(containerRef: RefObject<HTMLDivElement | null>, options: LiveChartOptions): ChartStatus {
  const { symbol, resolution, style, attempt, socket, getHistory, markers = NO_MARKERS } = options;
  const markersRef = useRef(markers);
  const showMarkersRef = useRef<((list: readonly ChartMarker[]) => void) | null>(null);
  const [result, setResult] = useState<{ key: string; status: ChartStatus }>({ key: '', status: 'loading' });
  const key = `${symbol}|${resolution}|${style}|${attempt}`;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let active = true;
    let handle: ReturnType<typeof buildChart> | undefined;
    let observer: ResizeObserver | undefined;
    let last: Bar | undefined;
    let firstBarTime: number | undefined;
    let unsubscribe: (() => void) | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;

    // The chart is built once its history is here: built empty first, it drew its panes and axes
    // twice, each draw a long task on a slow phone while the rest of the page was starting.
    loadHistory(symbol, resolution, { get: getHistory })
      .then((bars) => {
        if (!active) return;
        let chart: ReturnType<typeof buildChart>;
        try {
          chart = buildChart(container, style);
        } catch {
          // A browser without a usable canvas gets the error state instead of a crashed page.
          setResult({ key, status: 'error' });
          return;
        }
        handle = chart;
        const merge = (bars: readonly Bar[]) => {
          for (const bar of bars) {
            if (last && bar.time < last.time) continue;
            last = bar;
            chart.updateBar(bar);
          }
        };
        observer = new ResizeObserver(([entry]) => {
          if (entry) chart.resize(Math.floor(entry.contentRect.width), Math.floor(entry.contentRect.height));
        });
        observer.observe(container);
        chart.setBars(bars);
        last = bars[bars.length - 1];
        firstBarTime = bars[0]?.time;
        // Markers wait for the history: before it the first bar, which bounds them, is unknown.
        const showMarkers = (list: readonly ChartMarker[]) => chart.setMarkers(placeMarkers(list, resolution, firstBarTime).map(toSeriesMarker));
        showMarkersRef.current = showMarkers;
        showMarkers(markersRef.current);
        setResult({ key, status: 'ready' });
        unsubscribe = (socket ?? getPublicSocket()).subscribe('trades', instIdOf(symbol), (data) => {
          for (const item of data) {
            const trade = parseTrade(item);
            const bar = trade ? applyTrade(last, trade, resolution) : null;
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
      showMarkersRef.current = null;
      unsubscribe?.();
      clearInterval(poll);
      observer?.disconnect();
      handle?.remove();
    };
  }, [containerRef, symbol, resolution, style, key, socket, getHistory]);

  useEffect(() => {
    markersRef.current = markers;
    showMarkersRef.current?.(markers);
  }, [markers]);

  return result.key === key ? result.status : 'loading';
}
