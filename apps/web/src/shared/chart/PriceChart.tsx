import { useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { CandlestickChart, LineChart } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicSocket } from '../../shared/market/publicSocket';
import type { Resolution } from './bars';
import type { ChartMarker } from './markers';
import { ALL_TIMEFRAMES, type ChartStyle, type Timeframe } from './timeframes';
import type { HistoryGet } from './udf';
import { useLiveChart } from './useLiveChart';
import { useRovingFocus } from '../ui/useRovingFocus';
import './PriceChart.css';

export interface PriceChartProps {
  /** Base coin, e.g. BTC; the feed symbol is <symbol>USDT. */
  symbol: string;
  timeframes?: readonly Timeframe[];
  defaultResolution?: Resolution;
  defaultStyle?: ChartStyle;
  /** Shown at the start and the end of the toolbar (the embed page puts the symbol and Check API there). */
  toolbarStart?: ReactNode;
  toolbarEnd?: ReactNode;
  className?: string;
  socket?: PublicSocket;
  getHistory?: HistoryGet;
  /** The user's trades, drawn as arrows on their bars; a new array redraws them without rebuilding the chart. */
  markers?: readonly ChartMarker[];
}

/** A live price chart from our UDF feed with timeframe buttons and a candles/line toggle. */
export default function PriceChart({
  symbol,
  timeframes = ALL_TIMEFRAMES,
  defaultResolution = '1',
  defaultStyle = 'candles',
  toolbarStart,
  toolbarEnd,
  className,
  socket,
  getHistory,
  markers,
}: PriceChartProps) {
  const { t } = useLingui();
  const [resolution, setResolution] = useState<Resolution>(defaultResolution);
  const [style, setStyle] = useState<ChartStyle>(defaultStyle);
  const [attempt, setAttempt] = useState(0);
  const canvasRef = useRef<HTMLDivElement>(null);
  const toolbar = useRovingFocus<HTMLDivElement>();
  const status = useLiveChart(canvasRef, { symbol, resolution, style, attempt, socket, getHistory, markers });

  return (
    <div className={clsx('price-chart', className)}>
      <div className="price-chart__toolbar" role="toolbar" aria-label={t`Chart`} {...toolbar}>
        {toolbarStart}
        <div className="price-chart__group" role="group" aria-label={t`Timeframe`}>
          {timeframes.map((frame) => (
            <button
              key={frame.resolution}
              type="button"
              className={clsx('price-chart__btn', frame.resolution === resolution && 'is-active')}
              aria-pressed={frame.resolution === resolution}
              onClick={() => setResolution(frame.resolution)}
            >
              {frame.label}
            </button>
          ))}
        </div>
        <div className="price-chart__group" role="group" aria-label={t`Chart type`}>
          <button
            type="button"
            className={clsx('price-chart__btn', style === 'candles' && 'is-active')}
            aria-pressed={style === 'candles'}
            aria-label={t`Candles`}
            title={t`Candles`}
            onClick={() => setStyle('candles')}
          >
            <CandlestickChart size={16} aria-hidden />
          </button>
          <button
            type="button"
            className={clsx('price-chart__btn', style === 'line' && 'is-active')}
            aria-pressed={style === 'line'}
            aria-label={t`Line`}
            title={t`Line`}
            onClick={() => setStyle('line')}
          >
            <LineChart size={16} aria-hidden />
          </button>
        </div>
        {toolbarEnd}
      </div>
      <div className="price-chart__body">
        <div ref={canvasRef} className="price-chart__canvas" />
        {status === 'loading' && (
          <div className="price-chart__overlay" role="status">
            <span className="spinner" aria-hidden />
            <Trans>Loading chart...</Trans>
          </div>
        )}
        {status === 'error' && (
          <div className="price-chart__overlay" role="alert">
            <span className="down">
              <Trans>Failed to load chart data</Trans>
            </span>
            <button type="button" className="btn btn-sm" onClick={() => setAttempt((value) => value + 1)}>
              <Trans>Retry</Trans>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
