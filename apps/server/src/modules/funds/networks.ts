/**
 * The networks catalogue (issue 16): the chains a coin is deposited and withdrawn on, as data. The
 * migration seeds the `networks` and `network_coins` tables from it; a later change here needs a new
 * migration, since an applied one never runs again.
 *
 * Placement follows where the large exchanges list each coin: the native chain for a chain's own
 * coin, ERC20 for the Ethereum tokens (LINK, UNI, AAVE, SAND, MANA, AXS, SHIB), POL on Polygon PoS
 * (its native chain since the MATIC migration), USDT on the three chains carrying most of its volume.
 * Fees and minimums are in the coin, of the order those exchanges charge in 2025.
 *
 * Coins with no network here, whose native chain's address scheme is not built yet (docs/funds.md):
 * ADA (Cardano, BIP32-Ed25519 and Shelley addresses), DOT (SS58), BCH (CashAddr), FIL, APT, NEAR,
 * ALGO, VET, ICP, EOS, XTZ, THETA, HBAR, TON, SUI. They trade, but cannot be deposited or withdrawn.
 */

/** How a network's addresses are derived (here) and checked (the contract's validators, shared with the web). */
import type { AddressScheme } from '@exchange/contract';

export type { AddressScheme };

/**
 * Where a network's deposit addresses come from: an account-level extended public key (BIP-32/44,
 * secp256k1), the ed25519 seed (SLIP-0010, hardened only), or one exchange account told apart by a
 * memo per user.
 */
export type KeySource = 'xpub-evm' | 'xpub-etc' | 'xpub-tron' | 'xpub-btc' | 'xpub-ltc' | 'xpub-doge' | 'ed25519-seed' | 'memo-account';

export interface NetworkCoin {
  symbol: string;
  /** Charged on each withdrawal, in the coin. */
  withdraw_fee: string;
  /** Smaller deposits are recorded and not credited. */
  min_deposit: string;
  /**
   * The token's decimals on this network (USDT has 6 on TRC20 and ERC20, 18 on BEP20): an amount
   * with more cannot be sent, so a withdrawal or simulated deposit with more is refused.
   */
  decimals: number;
}

export interface Network {
  id: number;
  /** The name exchanges show users: ERC20, TRC20, BEP20, BTC ... */
  code: string;
  name: string;
  scheme: AddressScheme;
  keys: KeySource;
  /** What a user sees of the address shape, for help texts. */
  address_format: string;
  /** A deposit without the memo cannot be told apart from other users' deposits. */
  memo: boolean;
  /** Blocks on top of the deposit's (its own included) before it is credited. */
  confirmations: number;
  /** EIP-155 chain id of an EVM network. */
  evm_chain_id: number | null;
  coins: readonly NetworkCoin[];
}

export const networks: readonly Network[] = [
  {
    id: 1,
    code: 'ERC20',
    name: 'Ethereum (ERC20)',
    scheme: 'evm',
    keys: 'xpub-evm',
    address_format: 'EIP-55 checksummed 0x address (42 characters)',
    memo: false,
    confirmations: 6,
    evm_chain_id: 1,
    coins: [
      { symbol: 'USDT', withdraw_fee: '3', min_deposit: '1', decimals: 6 },
      { symbol: 'ETH', withdraw_fee: '0.0008', min_deposit: '0.001', decimals: 18 },
      { symbol: 'LINK', withdraw_fee: '0.6', min_deposit: '0.1', decimals: 18 },
      { symbol: 'UNI', withdraw_fee: '0.9', min_deposit: '0.1', decimals: 18 },
      { symbol: 'AAVE', withdraw_fee: '0.02', min_deposit: '0.01', decimals: 18 },
      { symbol: 'SAND', withdraw_fee: '10', min_deposit: '1', decimals: 18 },
      { symbol: 'MANA', withdraw_fee: '10', min_deposit: '1', decimals: 18 },
      { symbol: 'AXS', withdraw_fee: '0.6', min_deposit: '0.1', decimals: 18 },
      { symbol: 'SHIB', withdraw_fee: '300000', min_deposit: '100000', decimals: 18 },
    ],
  },
  {
    id: 2,
    code: 'TRC20',
    name: 'TRON (TRC20)',
    scheme: 'tron',
    keys: 'xpub-tron',
    address_format: 'Base58Check address starting with T (34 characters)',
    memo: false,
    confirmations: 19,
    evm_chain_id: null,
    coins: [
      { symbol: 'USDT', withdraw_fee: '1', min_deposit: '1', decimals: 6 },
      { symbol: 'TRX', withdraw_fee: '1', min_deposit: '1', decimals: 6 },
    ],
  },
  {
    id: 3,
    code: 'BEP20',
    name: 'BNB Smart Chain (BEP20)',
    scheme: 'evm',
    keys: 'xpub-evm',
    address_format: 'EIP-55 checksummed 0x address (42 characters)',
    memo: false,
    confirmations: 15,
    evm_chain_id: 56,
    coins: [
      { symbol: 'USDT', withdraw_fee: '0.8', min_deposit: '0.01', decimals: 18 },
      { symbol: 'BNB', withdraw_fee: '0.0005', min_deposit: '0.001', decimals: 18 },
    ],
  },
  {
    id: 4,
    code: 'BTC',
    name: 'Bitcoin',
    scheme: 'bitcoin',
    keys: 'xpub-btc',
    address_format: 'Native SegWit bech32 address starting with bc1 (deposits); any standard Bitcoin address (withdrawals)',
    memo: false,
    confirmations: 2,
    evm_chain_id: null,
    coins: [{ symbol: 'BTC', withdraw_fee: '0.0002', min_deposit: '0.0001', decimals: 8 }],
  },
  {
    id: 5,
    code: 'SOL',
    name: 'Solana',
    scheme: 'solana',
    keys: 'ed25519-seed',
    address_format: 'Base58 public key (32 to 44 characters)',
    memo: false,
    confirmations: 1,
    evm_chain_id: null,
    coins: [{ symbol: 'SOL', withdraw_fee: '0.01', min_deposit: '0.01', decimals: 9 }],
  },
  {
    id: 6,
    code: 'AVAXC',
    name: 'AVAX C-Chain',
    scheme: 'evm',
    keys: 'xpub-evm',
    address_format: 'EIP-55 checksummed 0x address (42 characters)',
    memo: false,
    confirmations: 12,
    evm_chain_id: 43114,
    coins: [{ symbol: 'AVAX', withdraw_fee: '0.01', min_deposit: '0.01', decimals: 18 }],
  },
  {
    id: 7,
    code: 'MATIC',
    name: 'Polygon PoS',
    scheme: 'evm',
    keys: 'xpub-evm',
    address_format: 'EIP-55 checksummed 0x address (42 characters)',
    memo: false,
    confirmations: 64,
    evm_chain_id: 137,
    coins: [{ symbol: 'POL', withdraw_fee: '0.1', min_deposit: '0.1', decimals: 18 }],
  },
  {
    id: 8,
    code: 'ETC',
    name: 'Ethereum Classic',
    scheme: 'evm',
    keys: 'xpub-etc',
    address_format: 'EIP-55 checksummed 0x address (42 characters)',
    memo: false,
    confirmations: 120,
    evm_chain_id: 61,
    coins: [{ symbol: 'ETC', withdraw_fee: '0.01', min_deposit: '0.01', decimals: 18 }],
  },
  {
    id: 9,
    code: 'LTC',
    name: 'Litecoin',
    scheme: 'litecoin',
    keys: 'xpub-ltc',
    address_format: 'Native SegWit bech32 address starting with ltc1 (deposits); any standard Litecoin address (withdrawals)',
    memo: false,
    confirmations: 4,
    evm_chain_id: null,
    coins: [{ symbol: 'LTC', withdraw_fee: '0.001', min_deposit: '0.001', decimals: 8 }],
  },
  {
    id: 10,
    code: 'DOGE',
    name: 'Dogecoin',
    scheme: 'dogecoin',
    keys: 'xpub-doge',
    address_format: 'Base58Check address starting with D (34 characters)',
    memo: false,
    confirmations: 40,
    evm_chain_id: null,
    coins: [{ symbol: 'DOGE', withdraw_fee: '4', min_deposit: '1', decimals: 8 }],
  },
  {
    id: 11,
    code: 'XRP',
    name: 'XRP Ledger',
    scheme: 'xrp',
    keys: 'memo-account',
    address_format: 'Classic address starting with r, plus a numeric destination tag (memo)',
    memo: true,
    confirmations: 1,
    evm_chain_id: null,
    coins: [{ symbol: 'XRP', withdraw_fee: '0.2', min_deposit: '0.1', decimals: 6 }],
  },
  {
    id: 12,
    code: 'ATOM',
    name: 'Cosmos Hub',
    scheme: 'cosmos',
    keys: 'memo-account',
    address_format: 'Bech32 address starting with cosmos1, plus a memo',
    memo: true,
    confirmations: 3,
    evm_chain_id: null,
    coins: [{ symbol: 'ATOM', withdraw_fee: '0.005', min_deposit: '0.01', decimals: 6 }],
  },
  {
    id: 13,
    code: 'XLM',
    name: 'Stellar',
    scheme: 'stellar',
    keys: 'memo-account',
    address_format: 'Account id starting with G (56 characters), plus a numeric memo',
    memo: true,
    confirmations: 1,
    evm_chain_id: null,
    coins: [{ symbol: 'XLM', withdraw_fee: '0.01', min_deposit: '0.1', decimals: 7 }],
  },
];

const byId = new Map(networks.map((n) => [n.id, n]));
const byCode = new Map(networks.map((n) => [n.code, n]));

export function networkById(id: number): Network | undefined {
  return byId.get(id);
}

export function networkByCode(code: string): Network | undefined {
  return byCode.get(code.toUpperCase());
}

/** The networks a coin can be deposited and withdrawn on, in catalogue order. */
export function networksOfCoin(symbol: string): Network[] {
  const wanted = symbol.toUpperCase();
  return networks.filter((n) => n.coins.some((c) => c.symbol === wanted));
}
