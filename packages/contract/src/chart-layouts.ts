import { z } from 'zod';
import { jsonBody, queryText, text } from './fields.js';
import { uidField } from './wallet.js';
import {
  CHART_DRAWINGS_MAX,
  CHART_INDICATORS,
  CHART_LAYOUT_MAX_BYTES,
  CHART_LAYOUTS_PER_USER,
  CHART_PRICE_MAX,
  CHART_RESOLUTIONS,
  CHART_STYLES,
  CHART_SYMBOL,
  CHART_TIME_MAX,
  CHART_TIME_MIN,
  CHART_VIEWS,
  chartLayoutBytes,
} from './chart-layout-limits.js';

export * from './chart-layout-limits.js';

/**
 * A user's saved chart layouts (issue 40 #12, spec 2 §7 "chart storage"): timeframe, chart type,
 * view, indicators and drawings, kept per user on our server under a short name (`spot`, `futures`).
 */

export const chartResolution = z.enum(CHART_RESOLUTIONS, { error: `resolution must be one of ${CHART_RESOLUTIONS.join(', ')}` });
export type ChartResolution = z.infer<typeof chartResolution>;

export const chartIndicator = z.enum(CHART_INDICATORS, { error: `an indicator must be one of ${CHART_INDICATORS.join(', ')}` });
export type ChartIndicator = z.infer<typeof chartIndicator>;

/** A price or a time as a chart draws it: a finite, non-negative number within what any market reaches. */
const price = z
  .number({ error: 'a drawing’s price must be a number' })
  .min(0, 'a drawing’s price must be 0 or more')
  .max(CHART_PRICE_MAX, 'a drawing’s price must be at most 10^12');
/** Unix seconds from 2000 to 2100. */
const time = z
  .number({ error: 'a drawing’s time must be a number' })
  .int('a drawing’s time must be whole unix seconds')
  .min(CHART_TIME_MIN, 'a drawing’s time must be in 2000 to 2100')
  .max(CHART_TIME_MAX, 'a drawing’s time must be in 2000 to 2100');
const symbol = z
  .string({ error: 'a drawing’s symbol must be text' })
  .refine((v) => CHART_SYMBOL.test(v), 'a drawing’s symbol must be 1 to 20 capital letters or digits');
/** An object whose unknown keys are refused rather than kept: what is stored is exactly what the schema knows. */
function strictObject<T extends z.core.$ZodLooseShape>(shape: T, notObject: string) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'a chart layout holds only the fields the contract names' : notObject) });
}
const point = strictObject({ time, price }, 'a trend line’s point must be an object with time and price');

export const chartDrawing = z.discriminatedUnion(
  'kind',
  [
    strictObject({ kind: z.literal('horizontal'), symbol, price }, 'a horizontal line must be an object'),
    strictObject({ kind: z.literal('trend'), symbol, from: point, to: point }, 'a trend line must be an object'),
  ],
  { error: 'a drawing must be an object of kind horizontal or trend' },
);
export type ChartDrawing = z.infer<typeof chartDrawing>;

export const chartLayout = strictObject(
  {
    resolution: chartResolution,
    style: z.enum(CHART_STYLES, { error: 'style must be candles or line' }),
    view: z.enum(CHART_VIEWS, { error: 'view must be price or depth' }),
    indicators: z
      .array(chartIndicator, { error: 'indicators must be a list' })
      .max(CHART_INDICATORS.length, `at most ${CHART_INDICATORS.length} indicators`)
      .refine((list) => new Set(list).size === list.length, 'each indicator may be listed once'),
    drawings: z.array(chartDrawing, { error: 'drawings must be a list' }).max(CHART_DRAWINGS_MAX, `at most ${CHART_DRAWINGS_MAX} drawings`),
  },
  'layout must be a JSON object',
).refine((layout) => chartLayoutBytes(layout) <= CHART_LAYOUT_MAX_BYTES, `a chart layout may weigh at most ${CHART_LAYOUT_MAX_BYTES} bytes`);
export type ChartLayout = z.infer<typeof chartLayout>;

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const chartLayoutParams = z.object({
  name: text('name').refine((v) => NAME.test(v), 'name must be 1 to 40 small letters, digits or dashes'),
});
export const chartLayoutQuery = z.object({ apikey: queryText('apikey').optional(), uid: uidField });
export const chartLayoutPutRequest = jsonBody({ apikey: text('apikey').optional(), uid: uidField, layout: chartLayout });

export const chartLayoutResponse = z.object({
  name: z.string(),
  layout: chartLayout,
  /** ISO 8601, UTC. */
  updated_at: z.string(),
});
export type ChartLayoutResponse = z.infer<typeof chartLayoutResponse>;
/**
 * Reading one layout: null when the user saved none under the name. A chart opened for the first
 * time is the usual case, not a failure, so it is not answered 404 (which every browser logs as an error).
 */
export const chartLayoutReadResponse = chartLayoutResponse.nullable();

export const chartLayoutsResponse = z.object({
  items: z.array(z.object({ name: z.string(), updated_at: z.string() })).max(CHART_LAYOUTS_PER_USER),
});
export const chartLayoutDeleteResponse = z.object({ deleted: z.boolean() });

export const chartLayoutMessages = {
  notFound: 'Chart layout not found',
  tooMany: `At most ${CHART_LAYOUTS_PER_USER} chart layouts are kept; delete one first`,
} as const;
