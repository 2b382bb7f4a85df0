import { apiErrorCodes, clusterErrorCodes } from '@exchange/contract';
import { AppError } from '../../errors.js';

/** An order refused, in OKX's per-order words: `sCode` and `sMsg`. */
export interface OrderRefusal {
  sCode: string;
  sMsg: string;
}

/**
 * OKX's codes for what the spot service refuses (docs-v5 "Error Code", 51000-51699); ccxt maps its
 * exception types from them (51008 InsufficientFunds, 51603 OrderNotFound, ...).
 */
const BY_CODE: Record<string, string> = {
  INSUFFICIENT_BALANCE: '51008',
  UNKNOWN_COIN: '51001',
  TOO_MANY_ORDERS: '51004',
  DUPLICATE_CLIENT_ORDER_ID: '51016',
  POST_ONLY: '51019',
  NOT_CANCELABLE: '51402',
  // OKX's "Contract suspended", which it answers for any instrument out of trading; ccxt: BadSymbol.
  MARKET_HALTED: '51022',
};

export const refusals = {
  parameter: (name: string): OrderRefusal => ({ sCode: '51000', sMsg: `Parameter ${name} error` }),
  instrument: (): OrderRefusal => ({ sCode: '51001', sMsg: 'Instrument ID does not exist' }),
  duplicateClOrdId: (): OrderRefusal => ({ sCode: '51016', sMsg: 'Duplicated clOrdId' }),
  idMissing: (): OrderRefusal => ({ sCode: '51003', sMsg: 'Either client order ID or order ID is required' }),
  cancelMissing: (): OrderRefusal => ({ sCode: '51400', sMsg: 'Order cancellation failed as the order does not exist' }),
  ended: (): OrderRefusal => ({ sCode: '51402', sMsg: 'Order cancellation failed as the order has been completed, canceled or does not exist' }),
  busy: (): OrderRefusal => ({ sCode: '50013', sMsg: 'Systems are busy. Please try again later.' }),
  /** A cluster's follower could not reach the venues' owner, or they were changing hands: nothing done, send it again. */
  unavailable: (): OrderRefusal => ({ sCode: '50001', sMsg: 'Service temporarily unavailable. Please try again later.' }),
  /** The owner did not answer: the order may have been placed or cancelled; its clOrdId or the open orders tell. */
  timedOut: (): OrderRefusal => ({ sCode: '50004', sMsg: 'API endpoint request timeout (does not mean that the request was successful or failed, please check the request result).' }),
};

/** A cluster's answers for an order whose venue call failed, by their codes (cluster/venue-answer.ts). */
const CLUSTER_REFUSALS: Readonly<Record<string, () => OrderRefusal>> = {
  [clusterErrorCodes.venueMoved]: refusals.unavailable,
  [clusterErrorCodes.venueUnreachable]: refusals.unavailable,
  [clusterErrorCodes.outcomeUnknown]: refusals.timedOut,
};

/** OKX's codes of an order off the lot, below the instrument's minimum size or above its maximum. */
const VALIDATION_CODES: Readonly<Record<string, string>> = { 'order.amountLot': '51121', 'order.amountBelowMin': '51020', 'order.amountAboveMax': '51202' };

/**
 * The refusal of an order the service threw; anything but an expected refusal is thrown on. A full
 * ledger queue (nothing done) is OKX's 50013 for that order alone, so a batch's other orders and
 * the caller's socket go on, and the bot retries it as it would on OKX; so is a cluster's failed
 * venue call: 50001 when nothing was done, 50004 when the outcome is unknown.
 */
export function refusalOf(err: unknown): OrderRefusal {
  if (err instanceof AppError && err.code === apiErrorCodes.busy) return refusals.busy();
  const cluster = err instanceof AppError ? CLUSTER_REFUSALS[err.code ?? ''] : undefined;
  if (cluster) return cluster();
  if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
  if (err.code === 'VALIDATION') return { sCode: VALIDATION_CODES[err.coded?.code ?? ''] ?? '51000', sMsg: err.message };
  return { sCode: BY_CODE[err.code ?? ''] ?? '51000', sMsg: err.message };
}
