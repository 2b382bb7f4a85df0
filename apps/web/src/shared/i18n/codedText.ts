import { i18n } from '@lingui/core';
import { codedMessages, fillMessage, isMessageCode, messageParamNames, type MessageCode, type MessageParams } from '@exchange/contract';
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
 * catalogue's message id, so a language that has it translates it; English, which has no
 * catalogue, fills the template. Null when the code or its values are not what the contract says
 * (a newer server), so the caller keeps the server's English.
 */
export function codedText(code: unknown, params: unknown): string | null {
  if (!isMessageCode(code) || typeof params !== 'object' || params === null) return null;
  const given = params as Record<string, unknown>;
  const names = messageParamNames(code);
  if (names.some((name) => typeof given[name] !== 'string')) return null;
  const values = Object.fromEntries(names.map((name) => [name, localValue(given[name] as string)]));
  return translate(code, values as MessageParams<MessageCode>);
}

function translate(code: MessageCode, values: MessageParams<MessageCode>): string {
  const template = codedMessages[code];
  if (i18n.messages[template] === undefined) return fillMessage(code, values);
  return i18n._(template, values);
}
