import { describe, expect, it } from 'vitest';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { tickMarkLabel } from '../src/shared/chart/tickMarks';

const at = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

/** What lightweight-charts' own default writes: the UTC fields as a local date, through toLocaleString. */
function libraryLabel(time: number, options: Intl.DateTimeFormatOptions, locale: string): string {
  const utc = new Date(time * 1000);
  const local = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds());
  return local.toLocaleString(locale, options);
}

describe('time-axis labels', () => {
  const time = at('2026-11-27T13:05:09Z');

  it('write each kind of tick in UTC, as the library does', () => {
    expect(tickMarkLabel(time, TickMarkType.Year, 'en-US')).toBe('2026');
    expect(tickMarkLabel(time, TickMarkType.Month, 'en-US')).toBe('Nov');
    expect(tickMarkLabel(time, TickMarkType.DayOfMonth, 'en-US')).toBe('27');
    expect(tickMarkLabel(time, TickMarkType.Time, 'en-US')).toBe('13:05');
    expect(tickMarkLabel(time, TickMarkType.TimeWithSeconds, 'en-US')).toBe('13:05:09');
  });

  it.each(['zh-CN', 'es', 'vi', 'tr', 'ru'])('match the library default in %s', (locale) => {
    expect(tickMarkLabel(time, TickMarkType.Month, locale)).toBe(libraryLabel(time, { month: 'short' }, locale));
    expect(tickMarkLabel(time, TickMarkType.DayOfMonth, locale)).toBe(libraryLabel(time, { day: 'numeric' }, locale));
    expect(tickMarkLabel(time, TickMarkType.Time, locale)).toBe(libraryLabel(time, { hour12: false, hour: '2-digit', minute: '2-digit' }, locale));
  });

  it('write midnight as 00:00, not 24:00', () => {
    expect(tickMarkLabel(at('2026-11-28T00:00:00Z'), TickMarkType.Time, 'en-US')).toBe('00:00');
  });

  it('leave business-day times to the library', () => {
    expect(tickMarkLabel({ year: 2026, month: 11, day: 27 }, TickMarkType.DayOfMonth, 'en-US')).toBeNull();
  });
});
