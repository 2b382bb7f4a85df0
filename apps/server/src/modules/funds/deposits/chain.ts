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
 * adapter over JSON-RPC (ERC20 and BEP20 when `EVM_RPC_URL` is set). A chain may report a transfer
 * again (a rescan, an overlapping range): the watcher keeps each (network, tx, index) once.
 */
export interface ChainAdapter {
  readonly networkIds: readonly number[];
  height(networkId: number, nowMs: number): Promise<number>;
  transfers(networkId: number, fromHeight: number, toHeight: number): Promise<ChainTransfer[]>;
}

/** A withdrawal to pay out on chain. `ref` is the withdrawal's id. */
export interface Payout {
  ref: string;
  networkId: number;
  to: string;
  memo: string | null;
  symbol: string;
  /** Decimal string in the coin: what the recipient receives (the fee is already taken). */
  amount: string;
}

/** A payout signed by the hot wallet: its hash is known before it is sent, so it is stored first. */
export interface SignedPayout {
  txHash: string;
  /** What `broadcast` sends: the raw signed transaction (the simulator's own encoding on the simulator). */
  raw: string;
}

/** Where a broadcast payout stands: not seen yet, mined with this many confirmations, or failed on chain. */
export type PayoutState = { state: 'unknown' } | { state: 'mined'; confirmations: number } | { state: 'failed'; reason: string };

/**
 * What withdrawal processing needs of a chain. A payout is signed first and its hash stored with
 * the withdrawal, then broadcast: after a crash between the two, broadcasting the same signed
 * transaction again pays once (a chain keeps one transaction per hash, an EVM account one per
 * nonce), so no withdrawal is paid twice.
 */
export interface PayoutChain {
  readonly networkIds: readonly number[];
  /** Whether the hot wallet can pay this coin on this network (a token needs its contract configured). */
  pays(networkId: number, symbol: string): boolean;
  sign(payout: Payout, nowMs: number): Promise<SignedPayout>;
  /** Sends a signed payout; sending one the chain already has is not an error. */
  broadcast(networkId: number, signed: SignedPayout, nowMs: number): Promise<void>;
  state(networkId: number, txHash: string, nowMs: number): Promise<PayoutState>;
}

/**
 * A signed payout that can never be mined (an EVM hot wallet spent its nonce on another
 * transaction): nothing was paid, and the withdrawal must be signed again.
 */
export class PayoutNotSent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutNotSent';
  }
}
