import { describe, expect, it } from 'vitest';
import { formatExact } from '../src/shared/format/number';

describe('formatExact (sizes as the server sent them, in the page language)', () => {
  it('keeps every digit a float would lose, grouped and separated as the language writes them', () => {
    expect(formatExact('0.004', 'en-US')).toBe('0.004');
    expect(formatExact('1234.123456789012345678', 'en-US')).toBe('1,234.123456789012345678');
    expect(formatExact('1234.5', 'de-DE')).toBe('1.234,5');
    expect(formatExact('1234567.25', 'fr-FR')).toMatch(/^1\s234\s567,25$/u);
    expect(formatExact('-0.5', 'de-DE')).toBe('-0,5');
    expect(formatExact('12', 'en-US')).toBe('12');
  });

  it('shows no minus on zero and leaves what is no decimal as it came', () => {
    expect(formatExact('-0.000', 'en-US')).toBe('0.000');
    expect(formatExact('--', 'en-US')).toBe('--');
    expect(formatExact('1e5', 'en-US')).toBe('1e5');
  });
});
