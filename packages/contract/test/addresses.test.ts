import { describe, expect, it } from 'vitest';
import { addressProblem, eip55, isValidAddress, isValidMemo } from '../src/addresses/index.js';
import { addressSchemes, type AddressScheme } from '../src/address-scheme.js';

/**
 * Valid addresses of each scheme from published sources (the BIP-39 test mnemonic's addresses as
 * wallets derive them, EIP-55's and BIP-173/350's examples, well-known contracts), and invalid
 * ones: the same with one character changed (so only the checksum can tell), cut short, of
 * another chain, or junk.
 */
const cases: Record<AddressScheme, { valid: string[]; invalid: string[] }> = {
  evm: {
    valid: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x9858effd232b4033e47d90003d41ec34ecaeda94'],
    invalid: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda95', '0x9858efFD232B4033E47d90003D41EC34EcaEda94', '0x9858EfFD232B4033E47d90003D41EC34EcaEda9', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
  },
  tron: {
    valid: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    invalid: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdJ', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYd', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
  },
  bitcoin: {
    valid: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    invalid: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
  },
  litecoin: {
    valid: ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
    invalid: ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wj', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
  },
  dogecoin: {
    valid: ['DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC'],
    invalid: ['DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgD', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  },
  solana: {
    valid: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    invalid: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3D', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpq0'],
  },
  xrp: {
    valid: ['rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3'],
    invalid: ['rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v4', 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5'],
  },
  cosmos: {
    valid: ['cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4'],
    invalid: ['cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal5', 'osmo19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4'],
  },
  stellar: {
    valid: ['GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX'],
    invalid: ['GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYY', 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQB'],
  },
};

describe('withdrawal addresses of every scheme (the rules server and web share)', () => {
  it('has cases for every scheme', () => {
    expect(Object.keys(cases).sort()).toEqual([...addressSchemes].sort());
  });

  describe.each(addressSchemes)('%s', (scheme) => {
    it.each(cases[scheme].valid)('accepts %s', (address) => {
      expect(isValidAddress(scheme, address)).toBe(true);
      expect(addressProblem(scheme, address)).toBeNull();
    });
    it.each([...cases[scheme].invalid, '', ' ', 'hello'])('refuses "%s"', (address) => {
      expect(isValidAddress(scheme, address)).toBe(false);
      expect(addressProblem(scheme, address)).toBe('invalid');
    });
  });

  it('EIP-55 checksums as viem does, from the specification examples', () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB']) {
      expect(eip55(address.toLowerCase())).toBe(address);
    }
  });

  it('tells a burn address apart from an invalid one', () => {
    expect(addressProblem('evm', '0x000000000000000000000000000000000000dead')).toBe('burn');
    expect(addressProblem('evm', '0x0000000000000000000000000000000000000001')).toBe('burn');
    expect(addressProblem('bitcoin', '1BitcoinEaterAddressDontSendf59kuE')).toBe('burn');
    expect(addressProblem('solana', '11111111111111111111111111111111')).toBe('burn');
  });

  it('takes memos only where the chain has them, within its rules', () => {
    expect(isValidMemo('xrp', '4294967295')).toBe(true);
    expect(isValidMemo('xrp', '4294967296')).toBe(false);
    expect(isValidMemo('stellar', 'x'.repeat(28))).toBe(true);
    expect(isValidMemo('stellar', 'x'.repeat(29))).toBe(false);
    expect(isValidMemo('cosmos', 'x'.repeat(257))).toBe(false);
    expect(isValidMemo('evm', '1')).toBe(false);
    expect(isValidMemo('evm', '')).toBe(true);
  });
});
