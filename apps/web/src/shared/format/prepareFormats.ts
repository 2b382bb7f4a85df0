import { formatLocale } from './locale';

/** Each step runs in a task of its own, so the browser can paint and take input in between. */
const STEPS: readonly (() => unknown)[] = [
  () => new Intl.Locale(formatLocale()).maximize(),
  () => Intl.NumberFormat.supportedLocalesOf(formatLocale()),
  () => new Intl.DateTimeFormat(formatLocale()).format(0),
];

/**
 * The first Intl number formatter a page builds loads the browser's locale data: about 20 ms on a
 * desktop and over 120 ms on a slow phone, in one task that holds up input; the first date
 * formatter adds a sixth of that. Loaded in steps (the language's data, the list of languages the
 * formatters support, the date data), no step blocks that long, and the formatters the page then
 * builds cost a fraction of a millisecond each. Called while the page still waits for its code
 * and data, so none of it falls inside a render.
 */
export function prepareFormats(steps = STEPS): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    prepareFormats(rest);
  }, 0);
}
