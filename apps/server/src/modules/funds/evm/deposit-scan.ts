import { formatUnits, getAddress } from 'viem';
import type { ChainTransfer } from '../deposits/chain.js';
import type { EvmNode } from './node.js';
import { transferEvent, type Tokens } from './tokens.js';

/** A native transfer is the transaction's own value, not a log: -1 keeps it apart from every log index. */
export const NATIVE_INDEX = -1;

/** Splits [from, to] into ranges of at most `size` blocks. */
export function blockRanges(from: number, to: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = from; start <= to; start += size) out.push([start, Math.min(to, start + size - 1)]);
  return out;
}

/**
 * ERC-20 Transfer logs of the configured tokens in a block range, to any address: the watcher keeps
 * those to deposit addresses. Amounts in the coin, by the token's decimals; zero transfers and logs
 * a node marks removed (a reorganisation) are left out.
 */
export async function tokenTransfers(node: EvmNode, tokens: Tokens, from: number, to: number, rangeBlocks: number): Promise<ChainTransfer[]> {
  const contracts = tokens.addresses;
  if (contracts.length === 0) return [];
  const out: ChainTransfer[] = [];
  for (const [a, b] of blockRanges(from, to, rangeBlocks)) {
    const logs = await node.call(`eth_getLogs ${a}-${b}`, (c) =>
      c.getLogs({ address: contracts, event: transferEvent, fromBlock: BigInt(a), toBlock: BigInt(b), strict: true }),
    );
    for (const log of logs) {
      if (log.removed || log.args.value === 0n) continue;
      const token = await tokens.byContract(log.address);
      if (!token) continue;
      out.push({
        networkId: node.net.networkId,
        txHash: log.transactionHash,
        index: log.logIndex,
        blockHeight: Number(log.blockNumber),
        to: getAddress(log.args.to),
        memo: null,
        symbol: token.symbol,
        amount: formatUnits(log.args.value, token.decimals),
      });
    }
  }
  return out;
}

/**
 * Plain value transfers of the network's own coin (ETH, BNB) in a block range: top-level
 * transactions with a value and a recipient, that succeeded. Value sent by a contract (an internal
 * transfer, e.g. from a smart-contract wallet) leaves no transaction of its own and is not seen.
 */
export async function nativeTransfers(node: EvmNode, from: number, to: number): Promise<ChainTransfer[]> {
  const out: ChainTransfer[] = [];
  for (let n = from; n <= to; n++) {
    const block = await node.call(`eth_getBlockByNumber ${n}`, (c) => c.getBlock({ blockNumber: BigInt(n), includeTransactions: true }));
    const paying = block.transactions.filter((tx) => tx.to && tx.value > 0n);
    if (paying.length === 0) continue;
    // One call for the whole block's outcomes: a reverted transaction keeps its value.
    const receipts = await node.call(`eth_getBlockReceipts ${n}`, (c) => c.getBlockReceipts({ blockNumber: BigInt(n) }));
    const ok = new Set(receipts.filter((r) => r.status === 'success').map((r) => r.transactionHash));
    for (const tx of paying) {
      if (!tx.to || !ok.has(tx.hash)) continue;
      out.push({
        networkId: node.net.networkId,
        txHash: tx.hash,
        index: NATIVE_INDEX,
        blockHeight: n,
        to: getAddress(tx.to),
        memo: null,
        symbol: node.net.nativeSymbol,
        amount: formatUnits(tx.value, 18),
      });
    }
  }
  return out;
}
