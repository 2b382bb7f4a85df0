import { LineSeries, type IChartApi, type IPriceLine, type ISeriesApi, type SeriesType, type UTCTimestamp } from 'lightweight-charts';
import type { ChartDrawing } from '@exchange/contract';
import type { Bar, Resolution } from './bars';
import { trendSegment } from './drawings';

const DRAWING_COLOR = '#3c9ae8';

export interface DrawingLayer {
  /** Replaces the drawn lines with `drawings` (those of the chart's symbol). */
  set(drawings: readonly ChartDrawing[], bars: readonly Bar[]): void;
}

/** Horizontal lines as price lines of the price series, trend lines as two-point line series over the prices. */
export function drawingLayer(chart: IChartApi, price: ISeriesApi<SeriesType>, resolution: Resolution): DrawingLayer {
  let priceLines: IPriceLine[] = [];
  let trends: ISeriesApi<'Line'>[] = [];
  return {
    set(drawings, bars) {
      for (const line of priceLines) price.removePriceLine(line);
      for (const series of trends) chart.removeSeries(series);
      priceLines = [];
      trends = [];
      const first = bars[0]?.time;
      const last = bars[bars.length - 1]?.time;
      for (const drawing of drawings) {
        if (drawing.kind === 'horizontal') {
          priceLines.push(price.createPriceLine({ price: drawing.price, color: DRAWING_COLOR, lineWidth: 1, lineStyle: 0, axisLabelVisible: true }));
          continue;
        }
        const segment = first !== undefined && last !== undefined ? trendSegment(drawing, resolution, first, last) : null;
        if (!segment) continue;
        const series = chart.addSeries(LineSeries, { color: DRAWING_COLOR, lineWidth: 2, lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false });
        series.setData(segment.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
        trends.push(series);
      }
    },
  };
}
