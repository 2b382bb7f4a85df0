import { describe, expect, it } from 'vitest';
import { codedMessageSchema } from '../src/message-code-schema.js';
import { codedMessages, fillMessage, messageParamNames, readCodedMessage, type MessageCode } from '../src/message-codes.js';
import { fundsMessages } from '../src/funds.js';
import { withdrawMessages } from '../src/withdrawals.js';
import { amountLimitMessages } from '../src/amount-limits.js';

const codes = Object.keys(codedMessages) as MessageCode[];

describe('server message codes', () => {
  it('fill their template in English, as the texts the spec and API clients read', () => {
    expect(fillMessage('withdraw.dailyLimit', { limit: '3000', left: '300' })).toBe('This exceeds your daily withdrawal limit of 3000 USDT (300 USDT left today)');
    expect(withdrawMessages.invalidAddress('TRON (TRC20)')).toBe('This is not a valid TRON (TRC20) address');
    expect(amountLimitMessages.tooManyDecimals('USDT', 'ERC20', 0)).toBe('USDT on ERC20 has no decimals: enter a whole number');
  });

  // Values next to each other ("{min} {symbol}") are told apart by their spaces: amounts and symbols have none.
  it.each(codes)('%s: its text reads back as its code and values', (code) => {
    const params = Object.fromEntries(messageParamNames(code).map((name, i) => [name, `v${i}-${name}`]));
    const text = fillMessage(code, params as never);
    expect(readCodedMessage(text)).toEqual({ code, params });
  });

  it('reads a stored deposit reason, and nothing from other text', () => {
    expect(readCodedMessage(fundsMessages.belowMinimum('1', 'USDT'))).toEqual({ code: 'deposit.belowMinimum', params: { min: '1', symbol: 'USDT' } });
    expect(readCodedMessage('Insufficient balance.')).toBeNull();
    expect(readCodedMessage('Below the minimum deposit of 1 USDT')).toBeNull();
  });

  it('the schema takes exactly a code’s values and refuses an unknown code', () => {
    expect(codedMessageSchema.safeParse({ code: 'earn.belowMinimum', params: { min: '1', symbol: 'USDT' } }).success).toBe(true);
    expect(codedMessageSchema.safeParse({ code: 'earn.belowMinimum', params: { min: '1' } }).success).toBe(false);
    expect(codedMessageSchema.safeParse({ code: 'earn.belowMinimum', params: { min: '1', symbol: 'USDT', extra: 'x' } }).success).toBe(false);
    expect(codedMessageSchema.safeParse({ code: 'earn.nothing', params: {} }).success).toBe(false);
  });
});
