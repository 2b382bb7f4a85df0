/**
 * The language numbers and dates are written in. The formatters are plain functions called on every
 * tick, so they read it here rather than through React; the i18n module sets it when a language
 * is activated. English reads as en-US.
 */
let current = 'en-US';

export function setFormatLocale(locale: string): void {
  current = locale === 'en' ? 'en-US' : locale;
}

export function formatLocale(): string {
  return current;
}
