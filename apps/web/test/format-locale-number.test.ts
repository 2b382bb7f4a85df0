import { describe, expect, it } from 'vitest';
import { formatNumberInput, numberSeparators, parseLocaleNumber, type ParsedNumber } from '../src/shared/format/localeNumber';

/** Each language the app speaks, as the formatters name it (format/locale.ts reads English as en-US). */
const LOCALES = ['en-US', 'zh-CN', 'es', 'vi', 'tr', 'ru'] as const;
type TestLocale = (typeof LOCALES)[number];

function read(text: string, locale: TestLocale): ParsedNumber {
  return parseLocaleNumber(text, numberSeparators(locale));
}

const number = (value: string): ParsedNumber => ({ kind: 'number', value });
const invalid = (problem: string): ParsedNumber => ({ kind: 'invalid', problem } as ParsedNumber);

describe('numberSeparators', () => {
  it.each([
    ['en-US', '.', ','],
    ['zh-CN', '.', ','],
    ['es', ',', '.'],
    ['vi', ',', '.'],
    ['tr', ',', '.'],
    ['ru', ',', ' '],
  ] as const)('%s writes decimals with "%s" and groups with "%s"', (locale, decimal, group) => {
    expect(numberSeparators(locale)).toEqual({ decimal, group });
  });
});

describe('parseLocaleNumber, in every language', () => {
  it.each(LOCALES)('%s reads the dot as a decimal point, never dropping it', (locale) => {
    expect(read('0.01', locale)).toEqual(number('0.01'));
    expect(read('103710.37', locale)).toEqual(number('103710.37'));
    expect(read('.5', locale)).toEqual(number('0.5'));
  });

  it.each(LOCALES)('%s reads its own decimal separator', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(read(`0${decimal}01`, locale)).toEqual(number('0.01'));
    expect(read(`12${decimal}5`, locale)).toEqual(number('12.5'));
  });

  it.each(LOCALES)('%s reads a number as the language formats it with grouping', (locale) => {
    const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234567.89);
    expect(read(text, locale)).toEqual(number('1234567.89'));
  });

  it.each(LOCALES)('%s reads spaces between thousands (typed or no-break)', (locale) => {
    expect(read('1 234 567', locale)).toEqual(number('1234567'));
    expect(read('1\u00a0234', locale)).toEqual(number('1234'));
  });

  it.each(LOCALES)('%s keeps a number being typed: a trailing separator is nothing yet, a lone one is empty', (locale) => {
    const { decimal } = numberSeparators(locale);
    expect(read(`5${decimal}`, locale)).toEqual(number('5'));
    expect(read('5.', locale)).toEqual(number('5'));
    expect(read(decimal, locale)).toEqual({ kind: 'empty' });
    expect(read('', locale)).toEqual({ kind: 'empty' });
    expect(read('   ', locale)).toEqual({ kind: 'empty' });
  });

  it.each(LOCALES)('%s keeps every digit: leading zeros go, trailing decimals stay', (locale) => {
    expect(read('007', locale)).toEqual(number('7'));
    expect(read('0.010', locale)).toEqual(number('0.010'));
    expect(read('00.5', locale)).toEqual(number('0.5'));
  });

  it.each(LOCALES)('%s refuses letters, signs and exponents', (locale) => {
    for (const text of ['abc', '1a', '-1', '+1', '1e5', '1/2', '$5', '1_000']) expect(read(text, locale)).toEqual(invalid('characters'));
  });

  it.each(LOCALES)('%s refuses two decimal points and misplaced grouping', (locale) => {
    expect(read('1.2.3', locale).kind).toBe('invalid');
    expect(read('1 23', locale)).toEqual(invalid('grouping'));
    expect(read('0 001', locale)).toEqual(invalid('grouping'));
  });

  it.each(LOCALES)('%s refuses a text too long to be an amount, rather than cutting it', (locale) => {
    expect(read('1'.repeat(41), locale)).toEqual(invalid('tooLong'));
    expect(read('1'.repeat(40), locale)).toEqual(number('1'.repeat(40)));
  });

  it.each(LOCALES)('%s reads full-width digits and marks from an input method', (locale) => {
    expect(read('０．０１', locale)).toEqual(number('0.01'));
  });
});

describe('parseLocaleNumber, languages whose decimal separator is a comma', () => {
  it.each(['es', 'vi', 'tr'] as const)('%s: the dot groups thousands before a comma, or in several places', (locale) => {
    expect(read('1.234,5', locale)).toEqual(number('1234.5'));
    expect(read('1.234.567', locale)).toEqual(number('1234567'));
    expect(read('12.345.678,9', locale)).toEqual(number('12345678.9'));
  });

  it.each(['es', 'vi', 'tr'] as const)('%s: a lone dot before three digits could be either, so it is refused', (locale) => {
    expect(read('1.000', locale)).toEqual(invalid('ambiguous'));
    expect(read('123.456', locale)).toEqual(invalid('ambiguous'));
    // No grouping starts with 0 or has other than three digits after it: these are decimals.
    expect(read('0.123', locale)).toEqual(number('0.123'));
    expect(read('1.0001', locale)).toEqual(number('1.0001'));
    expect(read('1234.567', locale)).toEqual(number('1234.567'));
  });

  it.each(['es', 'vi', 'tr'] as const)('%s: English grouping (comma groups, dot decimal) is refused, not misread', (locale) => {
    expect(read('1,234.5', locale)).toEqual(invalid('separators'));
    expect(read('1.23,4.5', locale)).toEqual(invalid('separators'));
    expect(read('1.23,45', locale)).toEqual(invalid('grouping'));
  });

  it('ru: the dot is only ever a decimal point (spaces group), and mixing both is refused', () => {
    expect(read('1.000', 'ru')).toEqual(number('1.000'));
    expect(read('1 000,25', 'ru')).toEqual(number('1000.25'));
    expect(read('1.000,25', 'ru')).toEqual(invalid('separators'));
    expect(read('1,2,3', 'ru')).toEqual(invalid('separators'));
  });
});

describe('parseLocaleNumber, languages whose decimal separator is a dot', () => {
  it.each(['en-US', 'zh-CN'] as const)('%s: the comma groups thousands and is never read as a decimal', (locale) => {
    expect(read('1,234', locale)).toEqual(number('1234'));
    expect(read('1,234,567.5', locale)).toEqual(number('1234567.5'));
    expect(read('0,01', locale)).toEqual(invalid('grouping'));
    expect(read('1,23', locale)).toEqual(invalid('grouping'));
    expect(read('1.234,5', locale)).toEqual(invalid('separators'));
  });
});

describe('formatNumberInput', () => {
  it.each([
    ['en-US', '1234.5'],
    ['zh-CN', '1234.5'],
    ['es', '1234,5'],
    ['vi', '1234,5'],
    ['tr', '1234,5'],
    ['ru', '1234,5'],
  ] as const)('%s writes 1234.5 as %s, which it reads back as the same number', (locale, text) => {
    expect(formatNumberInput('1234.5', numberSeparators(locale))).toBe(text);
    expect(read(text, locale)).toEqual(number('1234.5'));
  });

  it('leaves an empty value and a whole number alone', () => {
    expect(formatNumberInput('', numberSeparators('es'))).toBe('');
    expect(formatNumberInput('42', numberSeparators('es'))).toBe('42');
  });
});
