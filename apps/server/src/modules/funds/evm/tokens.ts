import { erc20Abi, getAddress, parseAbiItem, type Address } from 'viem';
import type { EvmNode } from './node.js';

export const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface Token {
  symbol: string;
  address: Address;
  decimals: number;
}

/** A network's configured ERC-20 contracts, their decimals read from the contracts once. */
export class Tokens {
  private readonly decimals = new Map<Address, Promise<number>>();
  private readonly bySymbol: ReadonlyMap<string, Address>;
  private readonly byAddress: ReadonlyMap<Address, string>;

  constructor(
    private readonly node: EvmNode,
    tokens: Readonly<Record<string, Address>>,
  ) {
    this.bySymbol = new Map(Object.entries(tokens));
    this.byAddress = new Map(Object.entries(tokens).map(([symbol, address]) => [address, symbol]));
  }

  get addresses(): Address[] {
    return [...this.byAddress.keys()];
  }

  /** The configured tokens' symbols, in the configuration's order. */
  get symbols(): string[] {
    return [...this.bySymbol.keys()];
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  async bySymbolOrThrow(symbol: string): Promise<Token> {
    const address = this.bySymbol.get(symbol);
    if (!address) throw new Error(`${symbol} has no token contract configured on ${this.node.net.code} (EVM_TOKEN_${symbol})`);
    return { symbol, address, decimals: await this.decimalsOf(address) };
  }

  /** The configured token at this contract address, if any. */
  async byContract(address: string): Promise<Token | undefined> {
    const checksummed = getAddress(address);
    const symbol = this.byAddress.get(checksummed);
    if (!symbol) return undefined;
    return { symbol, address: checksummed, decimals: await this.decimalsOf(checksummed) };
  }

  private decimalsOf(address: Address): Promise<number> {
    let d = this.decimals.get(address);
    if (!d) {
      d = this.node.call(`decimals() of ${address}`, (c) => c.readContract({ address, abi: erc20Abi, functionName: 'decimals' }));
      this.decimals.set(address, d);
      // A node that was down is asked again next time.
      d.catch(() => this.decimals.delete(address));
    }
    return d;
  }
}
