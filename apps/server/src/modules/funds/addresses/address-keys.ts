import { hexToBytes } from '@noble/hashes/utils.js';
import type { KeySource } from '../networks.js';

/** Everything address derivation needs: public keys only, except the ed25519 seed (docs/funds.md). */
export interface AddressKeys {
  /** Account-level extended public keys (xpub…, m/purpose'/coin'/0'), one per secp256k1 key source. */
  xpubs: Record<Exclude<KeySource, 'ed25519-seed' | 'memo-account'>, string>;
  /** BIP-39 seed (64 bytes) behind the ed25519 networks, whose derivation is hardened only. */
  ed25519Seed: Uint8Array;
  /** The exchange's one deposit account on each memo network, by network code. */
  memoAccounts: Record<'XRP' | 'ATOM' | 'XLM', string>;
}

/**
 * DEV/TEST keys, from the public BIP-39 test mnemonic "abandon abandon abandon abandon abandon
 * abandon abandon abandon abandon abandon abandon about". Everybody knows its private keys: funds
 * sent to these addresses on a real chain are lost to whoever takes them first. Never use in
 * production; set every DEPOSIT_* variable there.
 */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const TEST_KEYS = {
  DEPOSIT_XPUB_EVM: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  DEPOSIT_XPUB_ETC: 'xpub6CqTNrUVV95XgHEP2LVe42cdpWKh2jeA4GnyXrQ219wJJVPAFajkbuFEdzf6xfGgdJWrhKuK5p8v47vxVQHFGU85J1J8Di95Z6hFJx8GhYz',
  DEPOSIT_XPUB_TRON: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  DEPOSIT_XPUB_BTC: 'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
  DEPOSIT_XPUB_LTC: 'xpub6CjGURuDpczf6uNrCCwfhVizn5J3hsWcvZ2m6GAdmAjZnoWJPrx6TFPjGSftc2o5fvox6ubQjSXmjjaHZjwYMH7SGFpHHb9Jg24zBf66mbE',
  DEPOSIT_XPUB_DOGE: 'xpub6Bxse8AT19u9HExKtP1EAudLi9CpLxPpxDvanL2fFtM7UFE2Q7TTWRg4bnMnmT4KcyN6GQkSgZmPWDtyUywSii3MDpMNfXSTuzH7gvZywLU',
  DEPOSIT_ED25519_SEED:
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  DEPOSIT_ACCOUNT_XRP: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
  DEPOSIT_ACCOUNT_ATOM: 'cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4',
  DEPOSIT_ACCOUNT_XLM: 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
} as const;

type KeyVariable = keyof typeof TEST_KEYS;

/** Whether any key is still a public test key: the server should warn about it outside tests. */
export function usesTestKeys(env: NodeJS.ProcessEnv): boolean {
  return (Object.keys(TEST_KEYS) as KeyVariable[]).some((name) => !env[name]);
}

export function addressKeysFromEnv(env: NodeJS.ProcessEnv): AddressKeys {
  const get = (name: KeyVariable): string => env[name]?.trim() || TEST_KEYS[name];
  const seedHex = get('DEPOSIT_ED25519_SEED');
  if (!/^([0-9a-fA-F]{2}){16,64}$/.test(seedHex)) throw new Error('DEPOSIT_ED25519_SEED must be 16 to 64 bytes in hex');
  return {
    xpubs: {
      'xpub-evm': get('DEPOSIT_XPUB_EVM'),
      'xpub-etc': get('DEPOSIT_XPUB_ETC'),
      'xpub-tron': get('DEPOSIT_XPUB_TRON'),
      'xpub-btc': get('DEPOSIT_XPUB_BTC'),
      'xpub-ltc': get('DEPOSIT_XPUB_LTC'),
      'xpub-doge': get('DEPOSIT_XPUB_DOGE'),
    },
    ed25519Seed: hexToBytes(seedHex),
    memoAccounts: { XRP: get('DEPOSIT_ACCOUNT_XRP'), ATOM: get('DEPOSIT_ACCOUNT_ATOM'), XLM: get('DEPOSIT_ACCOUNT_XLM') },
  };
}

/** The test key set, whatever the environment says. */
export function testAddressKeys(): AddressKeys {
  return addressKeysFromEnv({});
}
