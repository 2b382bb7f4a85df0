/**
 * Numbers typed by people, read in the page's language. A Spanish reader writes "0,01" and a dot
 * groups thousands; an English reader writes "0.01" and a comma groups them. Every number field
 * accepts its language's decimal separator and the dot, keeps the value as a plain decimal string
 * ("0.01": money never passes through a float), and refuses, with the reason, what it cannot read
 * for sure rather than guessing: a guess is how "0,01" became a 100× order.
 */

export interface NumberSeparators {
  decimal: string;
  /** A space-like separator (Russian) is given as a plain space, which is what people type. */
  group: string;
}

/** Why a text is not read as a number; the field words each reason in the page's language. */
export type NumberProblem =
  /** A character that is neither a digit nor a separator (a letter, a sign, an exponent). */
  | 'characters'
  /** Two decimal separators, or a separator the language does not use where it stands. */
  | 'separators'
  /** Thousands separators in the wrong places ("1.23.4"), which could hide a typo. */
  | 'grouping'
  /** A lone dot before three digits where the dot also groups thousands: "1.000" is one or a thousand. */
  | 'ambiguous'
  | 'tooLong';

export type ParsedNumber = { kind: 'empty' } | { kind: 'number'; value: string } | { kind: 'invalid'; problem: NumberProblem };

/** Longer than any amount or price the exchange takes; a pasted text beyond it is refused, not cut. */
export const MAX_NUMBER_TEXT = 40;

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const cache = new Map<string, NumberSeparators>();

/** The language's decimal and group separators, as its Intl number format writes them. */
export function numberSeparators(locale: string): NumberSeparators {
  const known = cache.get(locale);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = (parts.find((part) => part.type === 'group')?.value ?? ',').replace(SPACES, ' ');
  const separators = { decimal, group };
  cache.set(locale, separators);
  return separators;
}

/** Full-width digits and marks (a Chinese input method types them) read as their ASCII forms. */
function asciiDigits(text: string): string {
  return text.replace(/[\uff10-\uff19\uff0c\uff0e]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code === 0xff0c) return ',';
    if (code === 0xff0e) return '.';
    return String(code - 0xff10);
  });
}

/** The integer part with its group marks, checked as grouping: 1–3 digits first (not led by 0), then threes. */
function ungroup(integer: string, marks: RegExp): string | null {
  const groups = integer.split(marks);
  if (groups.length === 1) return integer;
  const [first = '', ...rest] = groups;
  if (!/^[1-9]\d{0,2}$/.test(first)) return null;
  return rest.every((group) => /^\d{3}$/.test(group)) ? groups.join('') : null;
}

function result(integer: string, fraction: string): ParsedNumber {
  if (integer === '' && fraction === '') return { kind: 'empty' };
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  return { kind: 'number', value: fraction === '' ? whole : `${whole}.${fraction}` };
}

function escaped(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads a typed number as a plain decimal string ("1234.5"). A separator at the end counts as
 * nothing yet ("0," reads 0), so the field can be typed into one key at a time; a lone separator is
 * still empty.
 */
export function parseLocaleNumber(text: string, separators: NumberSeparators): ParsedNumber {
  const input = asciiDigits(text).trim();
  if (input === '') return { kind: 'empty' };
  if (input.length > MAX_NUMBER_TEXT) return { kind: 'invalid', problem: 'tooLong' };
  if (!/^[\d.,\s\u00a0\u202f\u2009]+$/.test(input)) return { kind: 'invalid', problem: 'characters' };

  const { decimal, group } = separators;
  // Spaces group thousands in every language; the language's own group mark does too.
  const marks = new RegExp(`[\\s\\u00a0\\u202f\\u2009${group === ' ' ? '' : escaped(group)}]`);
  const decimalMarks = decimal === '.' ? ['.'] : [decimal, '.'].filter((mark) => mark !== group);
  const found = decimalMarks.filter((mark) => input.includes(mark));

  if (found.length === 0) {
    // Where the dot groups thousands, a single one is the decimal point unless it reads as grouping
    // just as well; two or more in the right places group (a number has one decimal point).
    if (group === '.' && (input.match(/\./g) ?? []).length === 1) return readDot(input, marks);
    const integer = ungroup(input, marks);
    return integer === null ? { kind: 'invalid', problem: 'grouping' } : result(integer, '');
  }
  if (found.length > 1) return { kind: 'invalid', problem: 'separators' };

  const [mark = decimal] = found;
  const at = input.indexOf(mark);
  if (input.indexOf(mark, at + 1) !== -1) return { kind: 'invalid', problem: 'separators' };
  const fraction = input.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return { kind: 'invalid', problem: 'separators' };
  const integer = ungroup(input.slice(0, at), marks);
  if (integer === null || /[.,]/.test(integer)) return { kind: 'invalid', problem: 'grouping' };
  return result(integer, fraction);
}

/** A single dot in a language where it also groups thousands (Spanish, Turkish, Vietnamese). */
function readDot(input: string, marks: RegExp): ParsedNumber {
  const at = input.indexOf('.');
  const before = input.slice(0, at);
  const after = input.slice(at + 1);
  if (/^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after)) return { kind: 'invalid', problem: 'ambiguous' };
  const integer = ungroup(before, marks);
  if (integer === null || !/^\d*$/.test(after)) return { kind: 'invalid', problem: 'grouping' };
  return result(integer, after);
}

/**
 * A plain decimal ("1234.5") as a field shows it in the language: its decimal separator, no
 * grouping, so the text read back is the same number whichever separator the reader types next.
 */
export function formatNumberInput(value: string, separators: NumberSeparators): string {
  return separators.decimal === '.' ? value : value.replace('.', separators.decimal);
}
