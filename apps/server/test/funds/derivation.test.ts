import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { TEST_MNEMONIC, addressKeysFromEnv, testAddressKeys } from '../../src/modules/funds/addresses/address-keys.js';
import { checkAddressKeys } from '../../src/modules/funds/addresses/check-keys.js';
import { deriveDepositAddress } from '../../src/modules/funds/addresses/derive.js';
import { MAX_DERIVATION_INDEX, receivingPublicKey } from '../../src/modules/funds/addresses/secp256k1-hd.js';
import { ed25519PublicKey, slip10Ed25519 } from '../../src/modules/funds/addresses/slip10-ed25519.js';
import { stellarAddress } from '../../src/modules/funds/addresses/stellar.js';
import { cosmosAddress } from '../../src/modules/funds/addresses/cosmos.js';
import { xrpAddress } from '../../src/modules/funds/addresses/xrp.js';
import { networkByCode, networks } from '../../src/modules/funds/networks.js';
import { publishedAddresses, publishedMemoAccounts } from './vectors.js';

const keys = testAddressKeys();
const seed = mnemonicToSeedSync(TEST_MNEMONIC);
const root = HDKey.fromMasterSeed(seed);

function network(code: string) {
  const found = networkByCode(code);
  if (!found) throw new Error(`no network ${code}`);
  return found;
}

describe('the test keys', () => {
  it.each([
    ['xpub-evm', "m/44'/60'/0'"],
    ['xpub-etc', "m/44'/61'/0'"],
    ['xpub-tron', "m/44'/195'/0'"],
    ['xpub-btc', "m/84'/0'/0'"],
    ['xpub-ltc', "m/84'/2'/0'"],
    ['xpub-doge', "m/44'/3'/0'"],
  ] as const)('%s is the account key %s of the public test mnemonic', (source, path) => {
    expect(keys.xpubs[source]).toBe(root.derive(path).publicExtendedKey);
  });

  it('the ed25519 seed is the test mnemonic’s BIP-39 seed', () => {
    expect(bytesToHex(keys.ed25519Seed)).toBe(bytesToHex(seed));
  });

  it('the memo accounts are the test mnemonic’s first account on each chain', () => {
    expect(keys.memoAccounts.XRP).toBe(xrpAddress(root.derive("m/44'/144'/0'/0/0").publicKey!));
    expect(keys.memoAccounts.ATOM).toBe(cosmosAddress(root.derive("m/44'/118'/0'/0/0").publicKey!));
    expect(keys.memoAccounts.XLM).toBe(stellarAddress(ed25519PublicKey(slip10Ed25519(seed, [44, 148, 0]))));
    expect(keys.memoAccounts).toEqual(publishedMemoAccounts);
  });

  it('serve every network', () => {
    expect(() => checkAddressKeys(keys)).not.toThrow();
  });
});

describe('deposit addresses from the fixed test keys', () => {
  const cases = Object.entries(publishedAddresses).flatMap(([code, addresses]) =>
    addresses.map((address, index) => [code, index, address] as const),
  );

  it.each(cases)('%s index %i is the published %s', (code, index, address) => {
    expect(deriveDepositAddress(network(code), index, keys)).toEqual({ address, memo: null });
  });

  it('every EVM network shares the EVM key: BEP20, AVAX C-Chain and Polygon give the ERC20 addresses', () => {
    for (const code of ['BEP20', 'AVAXC', 'MATIC']) {
      expect(deriveDepositAddress(network(code), 0, keys).address).toBe(publishedAddresses.ERC20![0]);
    }
  });

  it('Ethereum Classic uses its own coin type, 61', () => {
    const address = deriveDepositAddress(network('ETC'), 0, keys).address;
    expect(address).not.toBe(publishedAddresses.ERC20![0]);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('a memo network gives its one account and a memo per index', () => {
    expect(deriveDepositAddress(network('XRP'), 0, keys)).toEqual({ address: publishedMemoAccounts.XRP, memo: '100000000' });
    expect(deriveDepositAddress(network('ATOM'), 42, keys)).toEqual({ address: publishedMemoAccounts.ATOM, memo: '100000042' });
    expect(deriveDepositAddress(network('XLM'), MAX_DERIVATION_INDEX, keys)).toEqual({
      address: publishedMemoAccounts.XLM,
      memo: '2247483647',
    });
  });

  it.each(networks.map((n) => [n.code, n] as const))('%s: stable across calls, and a different address or memo per index', (_code, n) => {
    const seen = new Set<string>();
    for (let index = 0; index < 25; index += 1) {
      const first = deriveDepositAddress(n, index, keys);
      expect(deriveDepositAddress(n, index, addressKeysFromEnv({}))).toEqual(first);
      seen.add(`${first.address}/${first.memo ?? ''}`);
    }
    expect(seen.size).toBe(25);
  });

  it('refuses an index outside the non-hardened range', () => {
    for (const index of [-1, 1.5, MAX_DERIVATION_INDEX + 1]) {
      expect(() => deriveDepositAddress(network('ERC20'), index, keys)).toThrow(RangeError);
    }
  });
});

describe('extended keys', () => {
  it('an extended private key is refused, and the message does not quote it', () => {
    const xprv = root.derive("m/44'/60'/0'").privateExtendedKey;
    expect(() => receivingPublicKey(xprv, 0)).toThrow(/extended private key/);
    try {
      checkAddressKeys(addressKeysFromEnv({ DEPOSIT_XPUB_EVM: xprv }));
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain(xprv.slice(4, 30));
    }
  });

  it('a key that is not at the account level is refused', () => {
    expect(() => receivingPublicKey(root.derive("m/44'/60'").publicExtendedKey, 0)).toThrow(/depth 3/);
  });

  it('configured keys replace the test keys', () => {
    const other = HDKey.fromMasterSeed(hexToBytes('000102030405060708090a0b0c0d0e0f')).derive("m/44'/60'/0'");
    const configured = addressKeysFromEnv({ DEPOSIT_XPUB_EVM: other.publicExtendedKey });
    expect(deriveDepositAddress(network('ERC20'), 0, configured).address).not.toBe(publishedAddresses.ERC20![0]);
    expect(deriveDepositAddress(network('TRC20'), 0, configured).address).toBe(publishedAddresses.TRC20![0]);
  });

  it('a memo account that is not an address of its chain fails the check', () => {
    expect(() => checkAddressKeys(addressKeysFromEnv({ DEPOSIT_ACCOUNT_XRP: publishedMemoAccounts.XLM }))).toThrow(/XRP/);
  });

  it('a malformed ed25519 seed is refused', () => {
    expect(() => addressKeysFromEnv({ DEPOSIT_ED25519_SEED: 'not hex' })).toThrow(/DEPOSIT_ED25519_SEED/);
  });
});

describe('SLIP-0010 ed25519, test vector 1 of the specification', () => {
  const vectorSeed = hexToBytes('000102030405060708090a0b0c0d0e0f');

  it.each([
    [[], '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7', '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb', 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed'],
    [[0], '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3', '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69', '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c'],
  ] as const)('m/%j', (path, key, chainCode, publicKey) => {
    const node = slip10Ed25519(vectorSeed, path);
    expect(bytesToHex(node.key)).toBe(key);
    expect(bytesToHex(node.chainCode)).toBe(chainCode);
    expect(bytesToHex(ed25519PublicKey(node))).toBe(publicKey);
  });
});
