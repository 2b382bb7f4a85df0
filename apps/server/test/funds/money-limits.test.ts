import { describe, expect, it } from 'vitest';
import { amountLimitMessages, fundsMessages } from '@exchange/contract';
import { loadConfig, simulatedChainsWarning } from '../../src/config.js';
import { ACCOUNT_CAPACITY } from '../../src/ledger/amounts.js';
import { validatePosting } from '../../src/ledger/postings.js';
import { accountRef } from '../../src/ledger/postings.js';
import { testAddressKeys } from '../../src/modules/funds/addresses/address-keys.js';
import { isBurnAddress } from '../../src/modules/funds/addresses/validate.js';
import { deriveDepositAddress } from '../../src/modules/funds/addresses/derive.js';
import { isValidAddress } from '../../src/modules/funds/addresses/validate.js';
import { nextCreditAttempt } from '../../src/modules/funds/deposits/credit-backoff.js';
import { classifyDepositAmount } from '../../src/modules/funds/deposits/deposit-amount.js';
import { networkByCode, networks, type Network } from '../../src/modules/funds/networks.js';
import { formatMaximum, maxAmountOf, withinDecimals, withinMaximum } from '../../src/shared/asset-limits.js';
import { coins } from '../../src/shared/catalogue.js';
import { Dec } from '../../src/shared/decimal.js';

function network(code: string): Network {
  const n = networkByCode(code);
  if (!n) throw new Error(`no network ${code}`);
  return n;
}

describe('issue 14 #2: the maximum of one operation, per asset', () => {
  it('is the circulating supply rounded up to a power of ten, never more than a hundredth of an account’s capacity', () => {
    expect(maxAmountOf('BTC').toFixed()).toBe('100000000');
    expect(maxAmountOf('usdt').toFixed()).toBe('1000000000000');
    expect(maxAmountOf('SHIB').toFixed()).toBe('1000000000000000');
    expect(maxAmountOf('NOT-A-COIN').toFixed()).toBe(ACCOUNT_CAPACITY.div(100).toFixed());
    for (const c of coins) {
      const max = maxAmountOf(c.symbol);
      expect(max.gte(c.circulating_supply), c.symbol).toBe(true);
      expect(max.lte(ACCOUNT_CAPACITY.div(100)), c.symbol).toBe(true);
    }
  });

  it('refuses more with a message naming the maximum, and takes the maximum itself', () => {
    expect(withinMaximum(new Dec('100000000'), 'BTC').toFixed()).toBe('100000000');
    expect(() => withinMaximum(new Dec('100000000.00000001'), 'BTC')).toThrow(amountLimitMessages.aboveMaximum('100,000,000', 'BTC'));
    expect(formatMaximum(new Dec('1e15'))).toBe('1,000,000,000,000,000');
  });

  it('refuses more decimals than the token has on the network', () => {
    expect(withinDecimals(new Dec('1.000001'), 'USDT', 'TRC20', 6).toFixed()).toBe('1.000001');
    expect(() => withinDecimals(new Dec('0.000000000000000001'), 'USDT', 'TRC20', 6)).toThrow(amountLimitMessages.tooManyDecimals('USDT', 'TRC20', 6));
  });

  it('gives every coin of every network its decimals, as its chain counts them', () => {
    const decimals = (code: string, symbol: string) => network(code).coins.find((c) => c.symbol === symbol)?.decimals;
    expect(decimals('TRC20', 'USDT')).toBe(6);
    expect(decimals('ERC20', 'USDT')).toBe(6);
    expect(decimals('BEP20', 'USDT')).toBe(18);
    expect(decimals('BTC', 'BTC')).toBe(8);
    expect(decimals('SOL', 'SOL')).toBe(9);
    expect(decimals('XLM', 'XLM')).toBe(7);
    for (const n of networks) for (const c of n.coins) expect(new Dec(c.min_deposit).decimalPlaces(), `${c.symbol} on ${n.code}`).toBeLessThanOrEqual(c.decimals);
  });

  it('is asserted by the ledger: a leg above an account’s capacity is refused before anything is written', () => {
    const legs = (amount: Dec) => ({
      kind: 'test',
      userId: null,
      ref: null,
      legs: [
        { account: accountRef('system:deposits', 'USDT', 'funding'), amount: amount.neg() },
        { account: accountRef('user-1', 'USDT', 'funding'), amount },
      ],
    });
    expect(() => validatePosting(legs(ACCOUNT_CAPACITY))).not.toThrow();
    expect(() => validatePosting(legs(ACCOUNT_CAPACITY.plus('0.000000000000000001')))).toThrow(/capacity/);
  });
});

describe('issue 14 #2: what the watcher does with a chain’s amount', () => {
  it('credits an amount within the maximum', () => {
    expect(classifyDepositAmount('250.5', 'USDT')).toEqual({ kind: 'creditable', amount: new Dec('250.5') });
  });

  it('records the poison amount of the report as refused, with its reason', () => {
    const poison = classifyDepositAmount('999999999999999999', 'USDT');
    expect(poison).toMatchObject({ kind: 'refused', reason: fundsMessages.depositAboveMaximum('1,000,000,000,000', 'USDT') });
    if (poison.kind === 'refused') expect(poison.stored.toFixed()).toBe('999999999999999999');
  });

  it('refuses what no column holds, storing zero and quoting a bounded part of it', () => {
    const huge = classifyDepositAmount('1'.repeat(300), 'USDT');
    expect(huge.kind).toBe('refused');
    if (huge.kind === 'refused') {
      expect(huge.stored.toFixed()).toBe('0');
      expect(huge.reason.length).toBeLessThan(120);
    }
    expect(classifyDepositAmount('-5', 'USDT').kind).toBe('refused');
    expect(classifyDepositAmount('0.0000000000000000001', 'USDT').kind).toBe('refused');
  });

  it('tries a failed credit again after a second, then twice as long each time, at most an hour apart', () => {
    expect(nextCreditAttempt(0, 1)).toBe(1_000);
    expect(nextCreditAttempt(0, 2)).toBe(2_000);
    expect(nextCreditAttempt(0, 5)).toBe(16_000);
    expect(nextCreditAttempt(0, 40)).toBe(3_600_000);
    expect(nextCreditAttempt(10, 1_000_000)).toBe(3_600_010);
  });
});

describe('issue 14 #3: burn addresses', () => {
  const burns: [string, string][] = [
    ['ERC20', '0x0000000000000000000000000000000000000000'],
    ['ERC20', '0x000000000000000000000000000000000000dEaD'],
    ['BEP20', '0x0000000000000000000000000000000000000001'],
    ['TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
    ['BTC', '1111111111111111111114oLvT2'],
    ['BTC', '1BitcoinEaterAddressDontSendf59kuE'],
    ['SOL', '11111111111111111111111111111111'],
    ['SOL', '1nc1nerator11111111111111111111111111111111'],
    ['XRP', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'],
    ['XRP', 'rrrrrrrrrrrrrrrrrrrrBZbvji'],
    ['XLM', 'GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF'],
  ];

  it.each(burns)('refuses %s %s, a valid address: only this rule stands between it and the chain', (code, address) => {
    const n = network(code);
    expect(isValidAddress(n, address)).toBe(true);
    expect(isBurnAddress(n, address)).toBe(true);
  });

  it('lets every real deposit address through', () => {
    const keys = testAddressKeys();
    for (const n of networks) {
      for (let i = 0; i < 3; i++) {
        const { address } = deriveDepositAddress(n, i, keys);
        expect(isBurnAddress(n, address), `${n.code} ${address}`).toBe(false);
      }
    }
  });
});

describe('issue 14 #1: the start-up warning of simulated chains on PostgreSQL', () => {
  it('is said in capitals when they are on or the operator’s, and not at all on the embedded database or when off', () => {
    expect(simulatedChainsWarning({ databaseUrl: 'postgres://x', simulatedChains: 'on' })).toMatch(/^SIMULATED CHAINS ARE ON .*ANY SIGNED-IN USER/);
    expect(simulatedChainsWarning({ databaseUrl: 'postgres://x', simulatedChains: 'operator' })).toMatch(/^SIMULATED CHAINS ARE ON FOR OPERATORS/);
    expect(simulatedChainsWarning({ databaseUrl: 'postgres://x', simulatedChains: 'off' })).toBeNull();
    expect(simulatedChainsWarning({ simulatedChains: 'on' })).toBeNull();
  });
});

describe('issue 14 #2: the demo grant', () => {
  it('is held to USDT’s maximum per operation', () => {
    expect(loadConfig({ JWT_SECRET: 'x', DEMO_GRANT_USDT: '1000000000000' }).demoGrantUsdt).toBe('1000000000000');
    expect(() => loadConfig({ JWT_SECRET: 'x', DEMO_GRANT_USDT: '1000000000001' })).toThrow(/at most 1,000,000,000,000/);
  });
});
