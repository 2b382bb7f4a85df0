import { describe, expect, it } from 'vitest';
import { addressSchemes, type AddressScheme, type FundsNetwork } from '@exchange/contract';
import { addressIssue } from '../src/features/withdraw/model/address';

const network = (scheme: AddressScheme, memo = false): FundsNetwork => ({
  id: 1,
  code: scheme.toUpperCase(),
  name: `${scheme} network`,
  address_format: '',
  scheme,
  memo,
  confirmations: 1,
  withdraw_fee: '1',
  min_deposit: '1',
  decimals: 6,
  simulated: true,
});

/** One published valid address per scheme, and the same with its last character changed (only the checksum can tell). */
const addresses: Record<AddressScheme, [valid: string, invalid: string]> = {
  evm: ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x9858EfFD232B4033E47d90003D41EC34EcaEda95'],
  tron: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdJ'],
  bitcoin: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv'],
  litecoin: ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wj'],
  dogecoin: ['DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgD'],
  solana: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpq0'],
  xrp: ['rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v4'],
  cosmos: ['cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal5'],
  stellar: ['GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX', 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYY'],
};

describe('the withdraw form checks the address by the network scheme, as the server does', () => {
  describe.each(addressSchemes)('%s', (scheme) => {
    const [valid, invalid] = addresses[scheme];
    it('takes a valid address, trimmed as the server trims it', () => {
      expect(addressIssue(network(scheme), valid, '')).toBeNull();
      expect(addressIssue(network(scheme), ` ${valid}\t`, '')).toBeNull();
    });
    it('names the network of an address with a broken checksum', () => {
      expect(addressIssue(network(scheme), invalid, '')).toEqual({ kind: 'invalidAddress', network: `${scheme} network` });
    });
  });

  it('leaves an empty address to the "complete the fields" rule, and waits for a network', () => {
    expect(addressIssue(network('evm'), '  ', '')).toBeNull();
    expect(addressIssue(null, 'anything', '')).toBeNull();
  });

  it('refuses a burn address, then checks the memo where the network takes one', () => {
    expect(addressIssue(network('evm'), '0x000000000000000000000000000000000000dead', '')).toEqual({ kind: 'burnAddress' });
    expect(addressIssue(network('xrp', true), addresses.xrp[0], '4294967296')).toEqual({ kind: 'invalidMemo', network: 'xrp network' });
    expect(addressIssue(network('xrp', true), addresses.xrp[0], '123456789')).toBeNull();
    // A network without memos sends none, whatever was left in the field.
    expect(addressIssue(network('evm'), addresses.evm[0], 'left over')).toBeNull();
  });
});
