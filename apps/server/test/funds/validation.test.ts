import { describe, expect, it } from 'vitest';
import { testAddressKeys } from '../../src/modules/funds/addresses/address-keys.js';
import { deriveDepositAddress } from '../../src/modules/funds/addresses/derive.js';
import { isValidAddress, isValidMemo } from '../../src/modules/funds/addresses/validate.js';
import { networkByCode, networks, type Network } from '../../src/modules/funds/networks.js';
import { foreignValidAddresses, publishedAddresses } from './vectors.js';

const keys = testAddressKeys();

function network(code: string): Network {
  const found = networkByCode(code);
  if (!found) throw new Error(`no network ${code}`);
  return found;
}

/** Networks of one address scheme take each other's addresses (an ERC20 address is a BEP20 one). */
function sameScheme(a: Network, b: Network): boolean {
  return a.scheme === b.scheme;
}

/** Changes one character to another of the same alphabet class, so only the checksum can notice. */
function corrupt(address: string): string {
  const at = address.length - 3;
  const c = address[at]!;
  const replacement = /[0-9]/.test(c) ? (c === '7' ? '8' : '7') : c === c.toLowerCase() ? (c === 'q' ? 'p' : 'q') : c === 'Q' ? 'P' : 'Q';
  return address.slice(0, at) + replacement + address.slice(at + 1);
}

const derived = networks.flatMap((n) =>
  [0, 1, 1000].map((index) => [n.code, index, deriveDepositAddress(n, index, keys).address] as const),
);

describe('every derived address is valid on its network and on no network of another scheme', () => {
  it.each(derived)('%s index %i: %s', (code, _index, address) => {
    const own = network(code);
    for (const other of networks) {
      expect(isValidAddress(other, address), `${address} on ${other.code}`).toBe(sameScheme(own, other));
    }
  });
});

describe('addresses from the standards’ and libraries’ test data', () => {
  const cases = Object.entries(foreignValidAddresses).flatMap(([code, list]) => list.map((a) => [code, a] as const));

  it.each(cases)('%s accepts %s, and networks of other schemes refuse it', (code, address) => {
    const own = network(code);
    expect(isValidAddress(own, address)).toBe(true);
    for (const other of networks.filter((n) => !sameScheme(own, n))) expect(isValidAddress(other, address)).toBe(false);
  });
});

describe('checksums and shapes', () => {
  const checksummed = [
    ...Object.entries(publishedAddresses).filter(([code]) => code !== 'SOL').map(([code, list]) => [code, list[0]!] as const),
    ['XRP', keys.memoAccounts.XRP],
    ['ATOM', keys.memoAccounts.ATOM],
    ['XLM', keys.memoAccounts.XLM],
  ] as const;

  it.each(checksummed)('%s refuses %s with one character changed', (code, address) => {
    const wrong = corrupt(address);
    expect(wrong).not.toBe(address);
    expect(isValidAddress(network(code), wrong)).toBe(false);
  });

  it('EVM: all lower case carries no checksum and is accepted; a wrong mixed case is refused', () => {
    const address = publishedAddresses.ERC20![0]!;
    expect(isValidAddress(network('ERC20'), address.toLowerCase())).toBe(true);
    expect(isValidAddress(network('ERC20'), address.replace('E', 'e'))).toBe(false);
    expect(isValidAddress(network('ERC20'), address.slice(0, -1))).toBe(false);
  });

  it('Bitcoin-family addresses of another chain are refused', () => {
    expect(isValidAddress(network('BTC'), publishedAddresses.LTC![0]!)).toBe(false);
    expect(isValidAddress(network('LTC'), publishedAddresses.BTC![0]!)).toBe(false);
    expect(isValidAddress(network('DOGE'), '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
  });

  it('Bitcoin refuses a testnet address', () => {
    expect(isValidAddress(network('BTC'), 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
  });

  it('Solana refuses a key that is not 32 bytes, and characters outside base58', () => {
    expect(isValidAddress(network('SOL'), publishedAddresses.SOL![0]!.slice(0, -4))).toBe(false);
    expect(isValidAddress(network('SOL'), publishedAddresses.SOL![0]!.replace('H', '0'))).toBe(false);
  });

  it.each(networks.map((n) => [n.code, n] as const))('%s refuses empty and junk text', (_code, n) => {
    for (const junk of ['', ' ', 'hello', '0x', `${deriveDepositAddress(n, 0, keys).address} `]) {
      expect(isValidAddress(n, junk)).toBe(false);
    }
  });
});

describe('memos', () => {
  it('our deposit memos are valid on their network', () => {
    for (const n of networks.filter((x) => x.memo)) {
      expect(isValidMemo(n, deriveDepositAddress(n, 5, keys).memo)).toBe(true);
    }
  });

  it('a withdrawal may leave the memo out; a network without memos takes none', () => {
    expect(isValidMemo(network('XRP'), '')).toBe(true);
    expect(isValidMemo(network('XRP'), null)).toBe(true);
    expect(isValidMemo(network('ERC20'), undefined)).toBe(true);
    expect(isValidMemo(network('ERC20'), '123')).toBe(false);
  });

  it('an XRP destination tag is a 32-bit unsigned integer', () => {
    expect(isValidMemo(network('XRP'), '4294967295')).toBe(true);
    expect(isValidMemo(network('XRP'), '4294967296')).toBe(false);
    expect(isValidMemo(network('XRP'), 'abc')).toBe(false);
    expect(isValidMemo(network('XRP'), '012')).toBe(false);
  });

  it('a Stellar memo is a 64-bit id or up to 28 bytes of text', () => {
    expect(isValidMemo(network('XLM'), '18446744073709551615')).toBe(true);
    expect(isValidMemo(network('XLM'), 'exchange deposit 42')).toBe(true);
    expect(isValidMemo(network('XLM'), 'x'.repeat(29))).toBe(false);
  });

  it('a Cosmos memo is at most 256 characters', () => {
    expect(isValidMemo(network('ATOM'), 'x'.repeat(256))).toBe(true);
    expect(isValidMemo(network('ATOM'), 'x'.repeat(257))).toBe(false);
  });
});
