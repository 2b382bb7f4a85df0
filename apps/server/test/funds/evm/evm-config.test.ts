import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { RoutedChains } from '../../../src/modules/funds/chains.js';
import type { ChainAdapter, PayoutChain } from '../../../src/modules/funds/deposits/chain.js';
import { evmConfigFromEnv } from '../../../src/modules/funds/evm/config.js';
import { blockRanges } from '../../../src/modules/funds/evm/deposit-scan.js';
import { exactUnits } from '../../../src/modules/funds/evm/payouts.js';
import { networkByCode } from '../../../src/modules/funds/networks.js';

const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDT_BSC = '0x55d398326f99059fF775485246999027B3197955';
const KEY = generatePrivateKey();

describe('the EVM configuration', () => {
  it('is absent on the embedded default: every network stays simulated', () => {
    expect(evmConfigFromEnv({})).toBeUndefined();
    expect(evmConfigFromEnv({ EVM_TOKEN_GAS_LIMIT: '90000', EVM_HOT_WALLET_KEY: KEY })).toBeUndefined();
  });

  it('makes ERC20 and BEP20 real from one URL, with the catalogue’s chain ids, tokens shared or per network', () => {
    const c = evmConfigFromEnv({
      EVM_RPC_URL: 'http://127.0.0.1:8545',
      EVM_RPC_URL_BEP20: 'https://bsc.example/rpc',
      EVM_TOKEN_USDT: USDT_ETH.toLowerCase(),
      EVM_TOKEN_USDT_BEP20: USDT_BSC,
      EVM_HOT_WALLET_KEY: KEY,
    });
    expect(c?.networks).toEqual([
      { networkId: networkByCode('ERC20')?.id, code: 'ERC20', rpcUrl: 'http://127.0.0.1:8545', chainId: 1, nativeSymbol: 'ETH', tokens: { USDT: USDT_ETH } },
      { networkId: networkByCode('BEP20')?.id, code: 'BEP20', rpcUrl: 'https://bsc.example/rpc', chainId: 56, nativeSymbol: 'BNB', tokens: { USDT: USDT_BSC } },
    ]);
    expect(c?.hotWallet?.address).toBe(privateKeyToAddress(KEY));
    expect(c).toMatchObject({ tokenGasLimit: 100_000, logRangeBlocks: 2_000 });
  });

  it('serves one network alone from its own URL, and takes a test chain’s id when told', () => {
    const c = evmConfigFromEnv({ EVM_RPC_URL_BEP20: 'http://127.0.0.1:8546', EVM_CHAIN_ID_BEP20: '31337' });
    expect(c?.networks.map((n) => [n.code, n.chainId])).toEqual([['BEP20', 31337]]);
    expect(c?.hotWallet).toBeNull();
  });

  it('refuses a malformed setting at start, naming the variable', () => {
    const base = { EVM_RPC_URL: 'http://127.0.0.1:8545' };
    expect(() => evmConfigFromEnv({ ...base, EVM_TOKEN_USDT: '0x1234' })).toThrow('EVM_TOKEN_USDT must be a 0x contract address');
    expect(() => evmConfigFromEnv({ ...base, EVM_TOKEN_ETH: USDT_ETH })).toThrow('EVM_TOKEN_ETH: ETH is a network');
    expect(() => evmConfigFromEnv({ ...base, EVM_TOKEN_USTD: USDT_ETH })).toThrow('EVM_TOKEN_USTD: no configured EVM network carries USTD');
    expect(() => evmConfigFromEnv({ ...base, EVM_TOKEN_LINK_BEP20: USDT_ETH })).toThrow('EVM_TOKEN_LINK_BEP20: BEP20 does not carry LINK');
    expect(() => evmConfigFromEnv({ EVM_RPC_URL: 'ws://127.0.0.1:8545' })).toThrow('EVM_RPC_URL must be an http(s) URL');
    expect(() => evmConfigFromEnv({ ...base, EVM_CHAIN_ID_ERC20: 'one' })).toThrow('EVM_CHAIN_ID_ERC20 must be a positive integer');
    expect(() => evmConfigFromEnv({ ...base, EVM_HOT_WALLET_KEY: 'not-a-key' })).toThrow('EVM_HOT_WALLET_KEY must be a private key of 32 bytes in hex');
  });
});

describe('the adapter’s arithmetic', () => {
  it('converts payout amounts exactly, refusing what the coin cannot carry', () => {
    expect(exactUnits('12.5', 6)).toBe(12_500_000n);
    expect(exactUnits('0.000001', 6)).toBe(1n);
    expect(exactUnits('3.1400000', 6)).toBe(3_140_000n);
    expect(() => exactUnits('0.0000001', 6)).toThrow(/more than the coin's 6 decimals/);
    expect(() => exactUnits('0', 6)).toThrow(/above zero/);
    expect(() => exactUnits('1e6', 6)).toThrow(/plain decimal/);
  });

  it('splits a scan into ranges a node accepts', () => {
    expect(blockRanges(0, 4999, 2000)).toEqual([
      [0, 1999],
      [2000, 3999],
      [4000, 4999],
    ]);
    expect(blockRanges(7, 7, 2000)).toEqual([[7, 7]]);
    expect(blockRanges(8, 7, 2000)).toEqual([]);
  });
});

describe('RoutedChains', () => {
  function stub(name: string, networkIds: number[]): ChainAdapter & PayoutChain {
    return {
      networkIds,
      pays: (_networkId, symbol) => name === 'simulator' || symbol === 'USDT',
      height: async () => (name === 'evm' ? 100 : 1),
      transfers: async () => [],
      sign: async () => ({ txHash: name, raw: name }),
      broadcast: async () => undefined,
      state: async () => ({ state: 'unknown' }),
    };
  }

  it('sends each network to the first chain listing it: the EVM adapter, then the simulator for the rest', async () => {
    const routed = new RoutedChains([stub('evm', [1, 3]), stub('simulator', [1, 2, 3, 4])]);
    expect(routed.networkIds).toEqual([1, 2, 3, 4]);
    expect(await routed.height(1, 0)).toBe(100);
    expect(await routed.height(2, 0)).toBe(1);
    const payout = { ref: 'w', to: '0x', memo: null, symbol: 'USDT', amount: '1' };
    expect((await routed.sign({ ...payout, networkId: 3 }, 0)).txHash).toBe('evm');
    expect((await routed.sign({ ...payout, networkId: 4 }, 0)).txHash).toBe('simulator');
    await expect(routed.height(99, 0)).rejects.toThrow('no chain serves network 99');
    expect([routed.pays(3, 'USDT'), routed.pays(3, 'LINK'), routed.pays(4, 'LINK'), routed.pays(99, 'USDT')]).toEqual([true, false, true, false]);
  });
});
