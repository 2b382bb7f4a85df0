import { formatLocale } from './locale';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter built once per language and options: building one costs far more than using it. */
export function dateFormat(options: Intl.DateTimeFormatOptions, locale = formatLocale()): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/** "YYYY-MM-DD" or "YYYY-MM-DD HH:mm" as written, in no time zone: the reader's clock must not move it. */
function wallTime(text: string): Date | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
}

/** A calendar day given as "YYYY-MM-DD", in the page's language: "May 22, 2025", "22 мая 2025 г.". */
export function formatDay(isoDay: string): string {
  const date = wallTime(isoDay);
  return date ? dateFormat({ dateStyle: 'medium', timeZone: 'UTC' }).format(date) : isoDay;
}

/** A time given as "YYYY-MM-DD HH:mm", in the page's language with a 24-hour clock: "05/28/2025, 10:00". */
export function formatWallTime(text: string): string {
  const date = wallTime(text);
  if (!date) return text;
  return dateFormat({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(date);
}
