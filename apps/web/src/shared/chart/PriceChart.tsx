import { lazy, Suspense, useCallback, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { AreaChart, CandlestickChart, Eraser, LineChart, Minus, Spline, TrendingUp } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHART_DRAWINGS_MAX, CHART_INDICATORS, type ChartDrawing, type ChartIndicator } from '@exchange/contract';
import type { PublicSocket } from '../../shared/market/publicSocket';
import type { BookStore } from '../trading/bookStore';
import type { Bar, Resolution } from './bars';
import { drawingFromClicks, type DrawingTool, type SegmentPoint } from './drawings';
import type { ChartMarker } from './markers';
import { ALL_TIMEFRAMES, type ChartStyle, type Timeframe } from './timeframes';
import type { PriceLineSpec } from './chartSeries';
import type { HistoryGet } from './udf';
import { useChartLayout } from './useChartLayout';
import { useLiveChart } from './useLiveChart';
import { useRovingFocus } from '../ui/useRovingFocus';
import './PriceChart.css';

export interface PriceChartProps {
  /** Base coin, e.g. BTC; the feed symbol is <symbol>USDT. */
  symbol: string;
  timeframes?: readonly Timeframe[];
  defaultResolution?: Resolution;
  defaultStyle?: ChartStyle;
  /** Keeps the layout (timeframe, type, view, indicators, drawings) under this name: locally, and on our server when signed in. */
  layoutName?: string;
  /** The page's live order book: given, the chart offers its depth view. */
  bookStore?: BookStore;
  /** Shown at the start and the end of the toolbar (the embed page puts the symbol and Check API there). */
  toolbarStart?: ReactNode;
  toolbarEnd?: ReactNode;
  className?: string;
  socket?: PublicSocket;
  getHistory?: HistoryGet;
  /** The user's trades, drawn as arrows on their bars; a new array redraws them without rebuilding the chart. */
  markers?: readonly ChartMarker[];
  /** A contract's id (BTC-USDT-SWAP): the chart draws the contract's own trades instead of the coin's spot pair. */
  instId?: string;
  /** A labelled line across the prices (the futures page's mark price). */
  line?: PriceLineSpec | null;
}

/** How each indicator is named in the legend, with its periods. */
const INDICATOR_LEGEND: Record<ChartIndicator, string> = {
  MA: 'MA(7,25,99)',
  EMA: 'EMA(12,26)',
  BOLL: 'BOLL(20,2)',
  VOL: 'VOL',
  MACD: 'MACD(12,26,9)',
  RSI: 'RSI(14)',
};
/** The depth view's code comes when it is first opened: most visits never open it. */
const DepthChart = lazy(() => import('./DepthChart').then((m) => ({ default: m.DepthChart })));

/** A trend line drawn from the keyboard spans this many bars up to the last. */
const KEYBOARD_TREND_BARS = 20;

/** A live price chart from our UDF feed: timeframes, candles or line, indicators, drawings and the book's depth. */
export default function PriceChart({
  symbol,
  timeframes = ALL_TIMEFRAMES,
  defaultResolution = '1',
  defaultStyle = 'candles',
  layoutName,
  bookStore,
  toolbarStart,
  toolbarEnd,
  className,
  socket,
  getHistory,
  markers,
  instId,
  line,
}: PriceChartProps) {
  const { t } = useLingui();
  const { layout, update, sync } = useChartLayout(layoutName, { resolution: defaultResolution, style: defaultStyle });
  const resolution = timeframes.some((f) => f.resolution === layout.resolution) ? layout.resolution : defaultResolution;
  const depth = layout.view === 'depth' && bookStore !== undefined;
  const [attempt, setAttempt] = useState(0);
  const [tool, setTool] = useState<DrawingTool | null>(null);
  const [clicks, setClicks] = useState<SegmentPoint[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  const barsRef = useRef<readonly Bar[]>([]);
  const toolbar = useRovingFocus<HTMLDivElement>();
  const menu = useRovingFocus<HTMLDivElement>();
  const drawings = useMemo(() => layout.drawings.filter((d) => d.symbol === symbol), [layout.drawings, symbol]);

  const addDrawing = useCallback(
    (drawing: ChartDrawing) => update((current) => ({ drawings: [...current.drawings, drawing].slice(-CHART_DRAWINGS_MAX) })),
    [update],
  );
  const onBarClick = useCallback(
    (point: SegmentPoint) => {
      if (!tool) return;
      const next = [...clicks, point];
      const drawing = drawingFromClicks(tool, symbol, next);
      if (drawing) {
        addDrawing(drawing);
        setTool(null);
        setClicks([]);
      } else {
        setClicks(next);
      }
    },
    [tool, clicks, symbol, addDrawing],
  );

  const status = useLiveChart(canvasRef, {
    symbol: instId ?? symbol,
    line,
    resolution,
    style: layout.style,
    attempt,
    socket,
    getHistory,
    markers,
    indicators: layout.indicators,
    drawings,
    onBarClick: depth ? undefined : onBarClick,
    barsRef,
    hidden: depth,
  });

  /** A pointer picks the points on the chart; a key press draws at once from the last bars, so the tools work without a pointer. */
  const chooseTool = (next: DrawingTool, event: MouseEvent<HTMLButtonElement>) => {
    setClicks([]);
    if (tool === next) {
      setTool(null);
      return;
    }
    const bars = barsRef.current;
    const last = bars[bars.length - 1];
    if (event.detail === 0 && last) {
      const from = bars[Math.max(0, bars.length - 1 - KEYBOARD_TREND_BARS)] as Bar;
      const points = next === 'horizontal' ? [{ time: last.time, value: last.close }] : [{ time: from.time, value: from.close }, { time: last.time, value: last.close }];
      const drawing = drawingFromClicks(next, symbol, points);
      if (drawing) addDrawing(drawing);
      setTool(null);
      return;
    }
    setTool(next);
  };

  const toggleIndicator = (id: ChartIndicator) =>
    update((current) => ({
      indicators: current.indicators.includes(id) ? current.indicators.filter((i) => i !== id) : CHART_INDICATORS.filter((i) => i === id || current.indicators.includes(i)),
    }));

  const styleButton = (value: ChartStyle | 'depth', label: string, icon: ReactNode) => {
    const active = value === 'depth' ? depth : !depth && layout.style === value;
    return (
      <button
        type="button"
        className={clsx('price-chart__btn', active && 'is-active')}
        aria-pressed={active}
        aria-label={label}
        title={label}
        onClick={() => {
          setTool(null);
          update(value === 'depth' ? { view: 'depth' } : { view: 'price', style: value });
        }}
      >
        {icon}
      </button>
    );
  };

  return (
    <div className={clsx('price-chart', className)}>
      <div className="price-chart__toolbar" role="toolbar" aria-label={t`Chart`} {...toolbar}>
        {toolbarStart}
        {!depth && (
          <div className="price-chart__group" role="group" aria-label={t`Timeframe`}>
            {timeframes.map((frame) => (
              <button
                key={frame.resolution}
                type="button"
                className={clsx('price-chart__btn', frame.resolution === resolution && 'is-active')}
                aria-pressed={frame.resolution === resolution}
                onClick={() => update({ resolution: frame.resolution })}
              >
                {frame.label}
              </button>
            ))}
          </div>
        )}
        <div className="price-chart__group" role="group" aria-label={t`Chart type`}>
          {styleButton('candles', t`Candles`, <CandlestickChart size={16} aria-hidden />)}
          {styleButton('line', t`Line`, <LineChart size={16} aria-hidden />)}
          {bookStore && styleButton('depth', t`Depth`, <AreaChart size={16} aria-hidden />)}
        </div>
        {!depth && (
          <div className="price-chart__group" role="group" aria-label={t`Indicators and drawings`}>
            <button
              type="button"
              className={clsx('price-chart__btn', menuOpen && 'is-active')}
              aria-expanded={menuOpen}
              aria-controls="price-chart-indicators"
              aria-label={t`Indicators`}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Spline size={16} aria-hidden />
              <span className="price-chart__label">
                <Trans>Indicators</Trans>
              </span>
            </button>
            <button
              type="button"
              className={clsx('price-chart__btn', tool === 'trend' && 'is-active')}
              aria-pressed={tool === 'trend'}
              aria-label={t`Trend line`}
              title={t`Trend line`}
              onClick={(event) => chooseTool('trend', event)}
            >
              <TrendingUp size={16} aria-hidden />
            </button>
            <button
              type="button"
              className={clsx('price-chart__btn', tool === 'horizontal' && 'is-active')}
              aria-pressed={tool === 'horizontal'}
              aria-label={t`Horizontal line`}
              title={t`Horizontal line`}
              onClick={(event) => chooseTool('horizontal', event)}
            >
              <Minus size={16} aria-hidden />
            </button>
            <button
              type="button"
              className="price-chart__btn"
              aria-label={t`Remove drawings`}
              title={t`Remove drawings`}
              disabled={drawings.length === 0}
              onClick={() => update((current) => ({ drawings: current.drawings.filter((d) => d.symbol !== symbol) }))}
            >
              <Eraser size={16} aria-hidden />
            </button>
          </div>
        )}
        {toolbarEnd}
      </div>
      {menuOpen && !depth && (
        <div className="price-chart__menu-anchor">
          <div
            id="price-chart-indicators"
            className="price-chart__menu"
            role="group"
            aria-label={t`Indicators`}
            {...menu}
            onKeyDown={(event) => {
              menu.onKeyDown(event);
              if (event.key === 'Escape') setMenuOpen(false);
            }}
          >
            {CHART_INDICATORS.map((id) => (
              <button
                key={id}
                type="button"
                className={clsx('price-chart__btn', layout.indicators.includes(id) && 'is-active')}
                aria-pressed={layout.indicators.includes(id)}
                onClick={() => toggleIndicator(id)}
              >
                {id}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="price-chart__body" onPointerDown={() => setMenuOpen(false)}>
        {depth && bookStore ? (
          <Suspense
            fallback={
              <div className="price-chart__overlay" role="status">
                <span className="spinner" aria-hidden />
                <Trans>Loading chart...</Trans>
              </div>
            }
          >
            <DepthChart symbol={symbol} store={bookStore} />
          </Suspense>
        ) : (
          <>
            <div ref={canvasRef} className={clsx('price-chart__canvas', tool && 'is-drawing')} />
            {layout.indicators.length > 0 && (
              <ul className="price-chart__legend" aria-label={t`Indicators on the chart`}>
                {layout.indicators.map((id) => (
                  <li key={id}>{INDICATOR_LEGEND[id]}</li>
                ))}
              </ul>
            )}
            {tool && (
              <p className="price-chart__hint" role="status">
                {tool === 'horizontal' ? <Trans>Click the chart at the line's price</Trans> : clicks.length === 0 ? <Trans>Click the trend line's first point</Trans> : <Trans>Click its second point</Trans>}
              </p>
            )}
          </>
        )}
        {!depth && status === 'loading' && (
          <div className="price-chart__overlay" role="status">
            <span className="spinner" aria-hidden />
            <Trans>Loading chart...</Trans>
          </div>
        )}
        {!depth && status === 'error' && (
          <div className="price-chart__overlay" role="alert">
            <span className="down">
              <Trans>Failed to load chart data</Trans>
            </span>
            <button type="button" className="btn btn-sm" onClick={() => setAttempt((value) => value + 1)}>
              <Trans>Retry</Trans>
            </button>
          </div>
        )}
        {sync === 'failed' && (
          <p className="price-chart__sync down" role="status">
            <Trans>Chart layout not saved</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
