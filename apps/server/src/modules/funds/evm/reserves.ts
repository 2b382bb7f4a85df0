import { erc20Abi, formatUnits, type Address } from 'viem';
import type { Queryable } from '../../../db/database.js';
import type { ChainReserve, ReserveAddressRow } from '../deposits/simulated-reserves.js';
import type { EvmNode } from './node.js';
import type { Tokens } from './tokens.js';

/**
 * The most deposit addresses read per network for a reserve figure. Past it the figure leaves
 * addresses out: reserves shown too small, never too large (docs/reserves.md).
 */
export const EVM_RESERVE_ADDRESSES = 1000;
/** Node calls in flight at once while reading balances: a public node throttles a burst. */
const CONCURRENT_CALLS = 8;

/** The deposit addresses on these networks that the watcher saw a transfer to, at most `limit` per network. */
export async function fundedDepositAddresses(q: Queryable, networkIds: readonly number[], limit: number): Promise<ReserveAddressRow[]> {
  if (networkIds.length === 0) return [];
  const res = await q.query<{ network_id: number; address: string; derivation_index: number }>(
    `SELECT network_id, address, derivation_index FROM (
       SELECT a.network_id, a.address, MIN(a.derivation_index) AS derivation_index,
              ROW_NUMBER() OVER (PARTITION BY a.network_id ORDER BY a.address) AS n
       FROM deposit_addresses a
       WHERE a.network_id = ANY($1) AND EXISTS (SELECT 1 FROM deposits d WHERE d.network_id = a.network_id AND d.address = a.address)
       GROUP BY a.network_id, a.address
     ) ranked WHERE n <= $2 ORDER BY network_id, address`,
    [[...networkIds], limit],
  );
  return res.rows.map((r) => ({ networkId: Number(r.network_id), address: r.address, derivationIndex: Number(r.derivation_index) }));
}

/** Runs the calls at most `width` at a time, answers in order. */
async function limited<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += width) out.push(...(await Promise.all(items.slice(start, start + width).map(fn))));
  return out;
}

/**
 * What the addresses hold on one network, read from its node at its latest block: the native coin
 * (eth_getBalance) and every configured token (`balanceOf` through eth_call), summed per coin.
 */
export async function evmBalances(node: EvmNode, tokens: Tokens, addresses: readonly Address[]): Promise<ChainReserve[]> {
  const { networkId, nativeSymbol } = node.net;
  const native = await limited(addresses, CONCURRENT_CALLS, (address) => node.call(`eth_getBalance of ${address}`, (c) => c.getBalance({ address })));
  const out: ChainReserve[] = [{ networkId, symbol: nativeSymbol, amount: formatUnits(native.reduce((a, b) => a + b, 0n), 18) }];
  for (const symbol of tokens.symbols) {
    const token = await tokens.bySymbolOrThrow(symbol);
    const held = await limited(addresses, CONCURRENT_CALLS, (address) =>
      node.call(`balanceOf(${address}) of ${symbol}`, (c) => c.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
    );
    out.push({ networkId, symbol, amount: formatUnits(held.reduce((a, b) => a + b, 0n), token.decimals) });
  }
  return out.filter((r) => r.amount !== '0').sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}
