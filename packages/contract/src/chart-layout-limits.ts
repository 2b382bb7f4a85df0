import type { ChartLayout } from './chart-layouts.js';

/**
 * The chart layout's limits and names, apart from its zod schemas: the web's chart reads them in its
 * first chunk, which checks layouts with zod's mini build and must not carry the classic one.
 */

/** How many layouts one user keeps: a new name past it is refused, an existing one is replaced. */
export const CHART_LAYOUTS_PER_USER = 20;
/** The most one stored layout may weigh as JSON (UTF-8 bytes). */
export const CHART_LAYOUT_MAX_BYTES = 16_384;
/** The most drawings one layout carries (over every symbol). */
export const CHART_DRAWINGS_MAX = 100;

export const CHART_RESOLUTIONS = ['1', '5', '15', '60', '240', '1D', '1W'] as const;
export const CHART_INDICATORS = ['MA', 'EMA', 'BOLL', 'VOL', 'MACD', 'RSI'] as const;
export const CHART_STYLES = ['candles', 'line'] as const;
export const CHART_VIEWS = ['price', 'depth'] as const;
/** A chart symbol as drawings name it: 1 to 20 capital letters or digits. */
export const CHART_SYMBOL = /^[A-Z0-9]{1,20}$/;
/** The range of a drawing's price, and of its time in unix seconds (2000 to 2100). */
export const CHART_PRICE_MAX = 1e12;
export const CHART_TIME_MIN = 946_684_800;
export const CHART_TIME_MAX = 4_102_444_800;

/** What a chart shows before the user changes anything. */
export const DEFAULT_CHART_LAYOUT: ChartLayout = { resolution: '1', style: 'candles', view: 'price', indicators: ['VOL'], drawings: [] };

/** Where a signed-out browser keeps the layout of `name` (localStorage). */
export const chartLayoutStorageKey = (name: string) => `chartLayout:${name}`;

/** A layout's weight as the limit counts it: UTF-8 bytes of its JSON. */
export const chartLayoutBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
