import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.js';

/**
 * Every request schema answers bad input in plain words: no regular expression and none of zod's
 * default English, whatever arrives in any field (these messages reach users through the server's
 * 400 answers and the web forms).
 */

const REQUEST_NAME = /(Request|Query|Params|Fields|Form|Step)$/;
const BODY_NAME = /(Request|Fields)$/;
const FIELD_SCHEMAS = ['emailField', 'signupCode', 'amountInput', 'transferAccount', 'uidField'] as const;

const FORBIDDEN = [
  /Invalid string/i,
  /Invalid input/i,
  /Invalid option/i,
  /expected/i,
  /received/i,
  /must match pattern/i,
  /Too (small|big)/i,
  /Unrecognized/i,
  /\/\^/,
  /\$\//,
];

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -0,
  -1,
  1.5,
  1e-30,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  2 ** 53 + 2,
  '',
  '   ',
  'a\u0000b',
  '\u0007',
  'line\nbreak',
  'x'.repeat(10_000),
  'NaN',
  '1e309',
  '-0',
  '1e-30',
  '-1',
  '0x10',
  '1.2.3',
  '\u{1F600}',
  'not-an-email',
  ['a', 'b'],
  [],
  {},
  { nested: 1 },
];

const requestSchemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodObject] => REQUEST_NAME.test(entry[0]) && entry[1] instanceof z.ZodObject,
);

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function plainnessProblems(messages: string[]): string[] {
  return messages.filter((message) => message.trim() === '' || FORBIDDEN.some((pattern) => pattern.test(message)));
}

describe('validation messages in plain words', () => {
  it('finds the request schemas of every call family', () => {
    const names = requestSchemas.map(([name]) => name);
    for (const expected of [
      'signupRequest',
      'loginRequest',
      'resetPasswordRequest',
      'editProfileFields',
      'userIdParams',
      'placeOrderQuery',
      'orderHistoryQuery',
      'cancelOrderParams',
      'transferRequest',
      'uidParams',
      'coinBalanceQuery',
      'ledgerHistoryQuery',
      'okxBooksQuery',
      'udfHistoryQuery',
      'outboxQuery',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(requestSchemas)('%s names each field in plain words whatever it holds', (_name, schema) => {
    const problems: string[] = [];
    for (const key of Object.keys(schema.shape)) {
      for (const value of BAD_VALUES) {
        for (const message of plainnessProblems(messagesOf(schema, { [key]: value }))) {
          problems.push(`${key}=${JSON.stringify(value)?.slice(0, 40)}: ${message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(requestSchemas.filter(([name]) => BODY_NAME.test(name)))('%s refuses a body that is no object in plain words', (_name, schema) => {
    for (const value of [undefined, null, 'text', 5, [], [{}]]) {
      const messages = messagesOf(schema, value);
      expect(messages.length).toBeGreaterThan(0);
      expect(plainnessProblems(messages)).toEqual([]);
    }
  });

  it.each(FIELD_SCHEMAS)('the field schema %s answers in plain words', (name) => {
    const schema: z.ZodType = contract[name];
    const problems = BAD_VALUES.flatMap((value) => plainnessProblems(messagesOf(schema, value)));
    expect(problems).toEqual([]);
  });

  it('names the field that holds a control character or arrives twice', () => {
    expect(messagesOf(contract.loginRequest, { email: 'a\u0000@b.co', password: 'secret123' })).toEqual([
      'Email must not contain control characters',
    ]);
    expect(messagesOf(contract.okxBooksQuery, { instId: ['BTC-USDT', '2'] })).toEqual(['instId must be given once']);
    expect(messagesOf(contract.udfSearchQuery, { query: ['a', 'b'] })).toEqual(['query must be given once']);
  });

  it('answers a bad order price and amount with the spec\u2019s words', () => {
    const order = { apikey: 'k', uid: '7', coin_id: '1', order_type: 'buy', amount: '1' };
    expect(messagesOf(contract.placeOrderQuery, { ...order, price: '-1' })).toEqual([contract.spotMessages.priceRequired]);
    expect(messagesOf(contract.placeOrderQuery, { ...order, amount: '1e-30' })).toEqual([contract.spotMessages.amountRequired]);
    expect(messagesOf(contract.placeOrderQuery, { ...order, uid: undefined })).toEqual([contract.walletMessages.userIdRequired]);
    expect(messagesOf(contract.placeOrderQuery, { ...order, coin_id: undefined })).toEqual([contract.spotMessages.coinPairIdRequired]);
  });
});
