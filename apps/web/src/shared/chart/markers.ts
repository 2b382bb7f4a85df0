import type { SeriesMarker, UTCTimestamp } from 'lightweight-charts';
import { bucketStart, type Resolution } from './bars';
import { DOWN_COLOR, UP_COLOR } from './chartColors';

/** A trade of the user to mark on the chart. */
export interface ChartMarker {
  /** Unix seconds; any moment inside a bar, the chart moves it to that bar's start. */
  time: number;
  side: 'buy' | 'sell';
  /** Fill price, for callers that keep it with the marker; arrows sit above or below the bar, not at a price. */
  price?: number;
  /** Label beside the arrow; B or S when absent. */
  text?: string;
}

/**
 * Markers moved onto the start of their bar at `resolution` and sorted by time, as the chart library
 * requires. Markers before `firstBarTime` are dropped: the library would otherwise pile them onto the first loaded bar.
 */
export function placeMarkers(markers: readonly ChartMarker[], resolution: Resolution, firstBarTime?: number): ChartMarker[] {
  const earliest = firstBarTime === undefined ? Number.NEGATIVE_INFINITY : bucketStart(firstBarTime, resolution);
  return markers
    .filter((marker) => Number.isFinite(marker.time))
    .map((marker) => ({ ...marker, time: bucketStart(marker.time, resolution) }))
    .filter((marker) => marker.time >= earliest)
    .sort((a, b) => a.time - b.time);
}

/** Buys as green up arrows under the bar, sells as red down arrows over it. */
export function toSeriesMarker(marker: ChartMarker): SeriesMarker<UTCTimestamp> {
  const buy = marker.side === 'buy';
  return {
    time: marker.time as UTCTimestamp,
    position: buy ? 'belowBar' : 'aboveBar',
    shape: buy ? 'arrowUp' : 'arrowDown',
    color: buy ? UP_COLOR : DOWN_COLOR,
    text: marker.text ?? (buy ? 'B' : 'S'),
  };
}
