import type { Resolution } from './bars';

export interface Timeframe {
  label: string;
  resolution: Resolution;
}

export const ALL_TIMEFRAMES: readonly Timeframe[] = [
  { label: '1m', resolution: '1' },
  { label: '5m', resolution: '5' },
  { label: '15m', resolution: '15' },
  { label: '1h', resolution: '60' },
  { label: '4h', resolution: '240' },
  { label: '1D', resolution: '1D' },
  { label: '1W', resolution: '1W' },
];

export type ChartStyle = 'candles' | 'line';
