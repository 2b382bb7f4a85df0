import { i18n } from '@lingui/core';
import { codedMessages, isMessageCode, messageParamNames } from '@exchange/contract';
import { dateFormat } from '../format/date';
import { formatFixed } from '../format/number';

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

/** A value as the page's language writes it: numbers with its separators (every digit kept), instants as its dates. */
function localValue(value: string): string {
  const number = DECIMAL.exec(value);
  if (number) return formatFixed(value, number[1]?.length ?? 0);
  if (ISO_INSTANT.test(value)) return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  return value;
}

/**
 * A coded server message (contract's message-codes.ts) in the page's language: its template is the
 * catalogue's message id, translated with its values written the language's way. Null where there
 * is nothing to translate, so the caller shows the server's English as it came: in English (no
 * catalogue), or when the code or its values are not what the contract says (a newer server).
 */
export function codedText(code: unknown, params: unknown): string | null {
  if (!isMessageCode(code) || typeof params !== 'object' || params === null) return null;
  const template = codedMessages[code];
  if (i18n.messages[template] === undefined) return null;
  const given = params as Record<string, unknown>;
  const names = messageParamNames(code);
  if (names.some((name) => typeof given[name] !== 'string')) return null;
  return i18n._(template, Object.fromEntries(names.map((name) => [name, localValue(given[name] as string)])));
}
