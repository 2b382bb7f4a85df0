import { getAddress, isAddress, type Address } from 'viem';
import { networkByCode } from '../networks.js';
import { HotWallet } from './hot-wallet.js';

/** The networks the EVM adapter can serve, with the coin each pays gas in (a plain value transfer, 18 decimals). */
export const EVM_NETWORKS = { ERC20: 'ETH', BEP20: 'BNB' } as const;
export type EvmNetworkCode = keyof typeof EVM_NETWORKS;

export interface EvmNetworkConfig {
  networkId: number;
  code: EvmNetworkCode;
  /** JSON-RPC endpoint; may carry a provider's API key, so it is never logged either. */
  rpcUrl: string;
  /** The chain id the node must answer before anything is read or signed: the catalogue's, or EVM_CHAIN_ID_<CODE> for a test chain. */
  chainId: number;
  nativeSymbol: string;
  /** ERC-20 contracts by coin symbol; their decimals are read from the contracts. */
  tokens: Readonly<Record<string, Address>>;
}

export interface EvmConfig {
  networks: readonly EvmNetworkConfig[];
  /** Signs payouts; absent, the EVM networks still take deposits and every payout is refused at signing. */
  hotWallet: HotWallet | null;
  /**
   * Gas limit of a token payout. Fixed rather than estimated: a payout the token refuses (say, more
   * than the hot wallet holds) is then mined and reverts, and the withdrawal fails and releases its
   * hold, instead of failing to sign again and again.
   */
  tokenGasLimit: number;
  /** Most blocks one eth_getLogs call asks for: public nodes cap the range. */
  logRangeBlocks: number;
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

const TOKEN_VARIABLE = /^EVM_TOKEN_([A-Z0-9]+)(?:_(ERC20|BEP20))?$/;

/** Token contracts of one network: the network's own variable beats the shared one. */
function tokensOf(env: NodeJS.ProcessEnv, code: EvmNetworkCode): Record<string, Address> {
  const network = networkByCode(code);
  const tokens: Record<string, Address> = {};
  const shared: Record<string, Address> = {};
  for (const [name, raw] of Object.entries(env)) {
    const m = TOKEN_VARIABLE.exec(name);
    const address = raw?.trim();
    if (!m || !address) continue;
    const [, symbol = '', only] = m;
    if (only !== undefined && only !== code) continue;
    if (!isAddress(address, { strict: false })) throw new Error(`${name} must be a 0x contract address`);
    if (symbol === EVM_NETWORKS.ERC20 || symbol === EVM_NETWORKS.BEP20) throw new Error(`${name}: ${symbol} is a network's own coin, not a token`);
    if (!network?.coins.some((c) => c.symbol === symbol)) {
      if (only !== undefined) throw new Error(`${name}: ${code} does not carry ${symbol}`);
      continue;
    }
    (only === undefined ? shared : tokens)[symbol] = getAddress(address);
  }
  return { ...shared, ...tokens };
}

/**
 * The EVM adapter's configuration, or undefined on the embedded default (no RPC URL: every network
 * simulated). A network is real when its RPC URL resolves; the hot wallet key is read here and
 * nowhere else.
 */
export function evmConfigFromEnv(env: NodeJS.ProcessEnv): EvmConfig | undefined {
  const configured: EvmNetworkConfig[] = [];
  for (const code of Object.keys(EVM_NETWORKS) as EvmNetworkCode[]) {
    const rpcUrl = value(env, `EVM_RPC_URL_${code}`) ?? value(env, 'EVM_RPC_URL');
    const network = networkByCode(code);
    if (!rpcUrl || !network?.evm_chain_id) continue;
    if (!/^https?:\/\//i.test(rpcUrl)) throw new Error(`EVM_RPC_URL${value(env, `EVM_RPC_URL_${code}`) ? `_${code}` : ''} must be an http(s) URL`);
    configured.push({
      networkId: network.id,
      code,
      rpcUrl,
      chainId: positiveInt(env, `EVM_CHAIN_ID_${code}`, network.evm_chain_id),
      nativeSymbol: EVM_NETWORKS[code],
      tokens: tokensOf(env, code),
    });
  }
  if (configured.length === 0) return undefined;
  for (const name of Object.keys(env)) {
    const symbol = TOKEN_VARIABLE.exec(name)?.[1];
    if (symbol && value(env, name) && !configured.some((n) => symbol in n.tokens)) throw new Error(`${name}: no configured EVM network carries ${symbol}`);
  }
  const key = value(env, 'EVM_HOT_WALLET_KEY');
  return {
    networks: configured,
    hotWallet: key ? HotWallet.fromHex('EVM_HOT_WALLET_KEY', key) : null,
    tokenGasLimit: positiveInt(env, 'EVM_TOKEN_GAS_LIMIT', 100_000),
    logRangeBlocks: positiveInt(env, 'EVM_LOG_RANGE_BLOCKS', 2_000),
  };
}
