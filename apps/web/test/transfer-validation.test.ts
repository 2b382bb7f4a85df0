import { describe, expect, it } from 'vitest';
import { walletMessages } from '@exchange/contract';
import { truncateDecimal } from '../src/shared/format/decimal';
import {
  amountToSend,
  liveAmountError,
  maxAmount,
  transferDisabled,
  validateTransfer,
  type TransferDraft,
} from '../src/features/transfer/validation';

const draft = (amount: string, balance: string | null = '100', extra: Partial<TransferDraft> = {}): TransferDraft => ({
  symbol: 'USDT',
  from: 'spot',
  to: 'futures',
  amount,
  balance,
  ...extra,
});

describe('transferDisabled (spec 3 §5)', () => {
  it.each([
    ['empty', draft('')],
    ['blank', draft('  ')],
    ['zero', draft('0')],
    ['zero with decimals', draft('0.000')],
    ['a lone point', draft('.')],
    ['above the From balance', draft('100.00000001')],
    ['no asset', draft('1', '100', { symbol: '' })],
    ['the same accounts', draft('1', '100', { to: 'spot' })],
    ['an unknown balance', draft('1', null)],
  ])('is disabled with %s', (_, value) => {
    expect(transferDisabled(value, false)).toBe(true);
  });

  it('is enabled with an amount above 0 and up to the balance, and disabled while processing', () => {
    expect(transferDisabled(draft('0.00000001'), false)).toBe(false);
    expect(transferDisabled(draft('100'), false)).toBe(false);
    expect(transferDisabled(draft('100'), true)).toBe(true);
  });
});

describe('validateTransfer', () => {
  it('gives the spec messages in the spec order', () => {
    expect(validateTransfer(draft('1', '5', { symbol: '' }))).toBe(walletMessages.selectAsset);
    expect(validateTransfer(draft('1', '5', { to: 'spot' }))).toBe(walletMessages.sameAccounts);
    expect(validateTransfer(draft('0'))).toBe(walletMessages.invalidAmount);
    expect(validateTransfer(draft('6', '5'))).toBe(walletMessages.insufficientBalance);
    expect(validateTransfer(draft('5', '5'))).toBeNull();
  });

  it('compares with the balance at the ledger scale, not rounded to 8 decimals', () => {
    expect(validateTransfer(draft('0.123456789', '0.12345678'))).toBe(walletMessages.insufficientBalance);
    expect(validateTransfer(draft('0.12345678', '0.123456789'))).toBeNull();
  });

  it('shows only the amount problems while typing, and nothing for an empty field', () => {
    expect(liveAmountError(draft(''))).toBeNull();
    expect(liveAmountError(draft('0'))).toBe(walletMessages.invalidAmount);
    expect(liveAmountError(draft('101'))).toBe(walletMessages.insufficientBalance);
    expect(liveAmountError(draft('1', '5', { symbol: '' }))).toBeNull();
  });
});

describe('amountToSend', () => {
  it('is the typed amount as a number', () => {
    expect(amountToSend('2500.25')).toBe(2500.25);
    expect(amountToSend('0.00000001')).toBe(1e-8);
    expect(amountToSend('5.')).toBe(5);
    expect(amountToSend('')).toBeNaN();
  });
});

describe('maxAmount', () => {
  it('fills the balance to 8 decimals, cut rather than rounded up', () => {
    expect(maxAmount('10000')).toBe('10000.00000000');
    expect(maxAmount('0.123456789')).toBe('0.12345678');
    expect(maxAmount('0.999999999')).toBe('0.99999999');
  });

  it('never offers more than a number sent to the server carries', () => {
    const max = maxAmount('123456789012.12345678');
    expect(max).not.toBeNull();
    expect(validateTransfer(draft(max!, '123456789012.12345678'))).toBeNull();
  });

  it('is null (Max disabled) without a balance or with nothing to move', () => {
    expect(maxAmount(null)).toBeNull();
    expect(maxAmount('0')).toBeNull();
    expect(maxAmount('0.000000001')).toBeNull();
  });
});

describe('truncateDecimal', () => {
  it('cuts toward zero', () => {
    expect(truncateDecimal('1.999', 2)).toBe('1.99');
    expect(truncateDecimal('-1.999', 2)).toBe('-1.99');
    expect(truncateDecimal(5, 2)).toBe('5.00');
    expect(truncateDecimal('x', 2)).toBeNull();
  });
});
