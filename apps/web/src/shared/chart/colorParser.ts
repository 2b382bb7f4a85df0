import type { CustomColorParser, Rgba } from 'lightweight-charts';

/**
 * Parses the #rgb/#rrggbb and rgb()/rgba() colours this chart uses without asking the browser,
 * so the chart also renders where computed styles do not normalise colours (embedded webviews, test DOMs).
 */
export const parseChartColor: CustomColorParser = (color) => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1) as unknown as Rgba;
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(color.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])] as unknown as Rgba;
  return null;
};
