// The chart layout read with zod's mini build: this is the chart's first chunk, and the contract's
// classic-zod schemas (which the server keeps validating with) would add the classic build to it.
// The types come from the contract, so a drift fails the type check; a test holds both schemas to
// the same samples. The web only reads layouts here; the server's answers name the faulty field.
import * as z from 'zod/mini';
import {
  CHART_DRAWINGS_MAX,
  CHART_INDICATORS,
  CHART_LAYOUT_MAX_BYTES,
  CHART_PRICE_MAX,
  CHART_RESOLUTIONS,
  CHART_STYLES,
  CHART_SYMBOL,
  CHART_TIME_MAX,
  CHART_TIME_MIN,
  CHART_VIEWS,
  chartLayoutBytes,
  type ChartLayout,
  type ChartLayoutResponse,
} from '@exchange/contract';

const price = z.number().check(z.gte(0), z.lte(CHART_PRICE_MAX));
const time = z.number().check(z.int(), z.gte(CHART_TIME_MIN), z.lte(CHART_TIME_MAX));
const symbol = z.string().check(z.regex(CHART_SYMBOL));
const point = z.strictObject({ time, price });

const drawing = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('horizontal'), symbol, price }),
  z.strictObject({ kind: z.literal('trend'), symbol, from: point, to: point }),
]);

export const chartLayoutSchema: z.ZodMiniType<ChartLayout> = z
  .strictObject({
    resolution: z.enum(CHART_RESOLUTIONS),
    style: z.enum(CHART_STYLES),
    view: z.enum(CHART_VIEWS),
    indicators: z.array(z.enum(CHART_INDICATORS)).check(
      z.maxLength(CHART_INDICATORS.length),
      z.refine((list) => new Set(list).size === list.length),
    ),
    drawings: z.array(drawing).check(z.maxLength(CHART_DRAWINGS_MAX)),
  })
  .check(z.refine((layout) => chartLayoutBytes(layout) <= CHART_LAYOUT_MAX_BYTES));

export const chartLayoutAnswer: z.ZodMiniType<ChartLayoutResponse> = z.object({ name: z.string(), layout: chartLayoutSchema, updated_at: z.string() });
