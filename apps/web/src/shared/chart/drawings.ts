import type { ChartDrawing } from '@exchange/contract';
import { bucketStart, type Resolution } from './bars';

export type DrawingTool = ChartDrawing['kind'];

export interface SegmentPoint {
  time: number;
  value: number;
}

/**
 * Where a trend line is drawn on bars of `resolution` spanning `first`..`last` (bar times): both ends
 * moved to their bars' starts, so a line drawn on minutes sits on hours too, and cut to the bars there
 * are, so it never stretches the time axis. Null when nothing of it is in view or both ends fall in one bar.
 */
export function trendSegment(drawing: Extract<ChartDrawing, { kind: 'trend' }>, resolution: Resolution, first: number, last: number): [SegmentPoint, SegmentPoint] | null {
  const [a, b] = drawing.from.time <= drawing.to.time ? [drawing.from, drawing.to] : [drawing.to, drawing.from];
  const from = bucketStart(a.time, resolution);
  const to = bucketStart(b.time, resolution);
  if (from === to || to < first || from > last) return null;
  const slope = (b.price - a.price) / (to - from);
  const at = (time: number) => ({ time, value: a.price + slope * (time - from) });
  const start = Math.max(from, first);
  const end = Math.min(to, last);
  if (start === end) return null;
  // The clipped ends are bar starts: the first and last bars' times are.
  return [at(start), at(end)];
}

/** A drawing of the chart's symbol from the clicks of a tool: one click for a horizontal line, two for a trend line. */
export function drawingFromClicks(tool: DrawingTool, symbol: string, clicks: readonly SegmentPoint[]): ChartDrawing | null {
  const [a, b] = clicks;
  if (tool === 'horizontal') return a ? { kind: 'horizontal', symbol, price: roundPrice(a.value) } : null;
  if (!a || !b || a.time === b.time) return null;
  return { kind: 'trend', symbol, from: { time: a.time, price: roundPrice(a.value) }, to: { time: b.time, price: roundPrice(b.value) } };
}

/** Eight significant digits: a click's price is a pixel's worth of precision, and a shorter number keeps the layout small. */
function roundPrice(value: number): number {
  return Math.max(0, Number(value.toPrecision(8)));
}
