/** A transfer a chain reports to an address: the same fields whatever the chain. */
export interface ChainTransfer {
  networkId: number;
  txHash: string;
  /** Output or log index within the transaction: (txHash, index) names one transfer. */
  index: number;
  blockHeight: number;
  to: string;
  memo: string | null;
  symbol: string;
  /** Decimal string in the coin. */
  amount: string;
}

/**
 * What the deposit watcher needs of a chain: its height and the transfers of a range of blocks.
 * Two implementations: the chain simulator of the embedded default (every network), and the EVM
 * adapter over JSON-RPC (a later part of issue 16). A chain may report a transfer again (a rescan,
 * an overlapping range): the watcher keeps each (network, tx, index) once.
 */
export interface ChainAdapter {
  readonly networkIds: readonly number[];
  height(networkId: number, nowMs: number): Promise<number>;
  transfers(networkId: number, fromHeight: number, toHeight: number): Promise<ChainTransfer[]>;
}
