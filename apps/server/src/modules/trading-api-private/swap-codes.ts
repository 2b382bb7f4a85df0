import { AppError } from '../../errors.js';
import { refusalOf, type OrderRefusal } from './order-codes.js';

/**
 * OKX's codes for what the futures service refuses (docs-v5 "Error Code"); ccxt maps its exception
 * types from them (51008 InsufficientFunds, 51112 InvalidOrder, ...). The spot service's shared
 * ones (lot size, too many orders) are order-codes.ts'.
 */
const BY_CODE: Record<string, OrderRefusal> = {
  UNKNOWN_CONTRACT: { sCode: '51001', sMsg: 'Instrument ID does not exist' },
  CONTRACT_EXPIRED: { sCode: '51027', sMsg: 'Contract expired' },
  INSUFFICIENT_MARGIN: { sCode: '51008', sMsg: 'Order failed. Insufficient USDT margin in account' },
  LEVERAGE_TOO_HIGH: { sCode: '51004', sMsg: 'Order failed. The order amount exceeds the current tier limit of the leverage' },
  NOTHING_TO_CLOSE: { sCode: '51169', sMsg: "Order failed because you don't have any positions in this direction for this contract to reduce or close" },
  REDUCE_ONLY_TOO_LARGE: { sCode: '51112', sMsg: 'Close order size exceeds your available size' },
};

export const swapRefusals = {
  /** posSide net or none in long/short mode, long or short in net mode: refused as OKX does. */
  posSide: (): OrderRefusal => ({ sCode: '51000', sMsg: 'Parameter posSide error' }),
  /** reduceOnly on an order that opens: OKX's long/short mode has no reduce-only opening order. */
  reduceOnly: (): OrderRefusal => ({ sCode: '51205', sMsg: 'Reduce Only is not available' }),
  identity: (): OrderRefusal => ({ sCode: '51010', sMsg: 'Identity verification is required to open futures positions' }),
};

/** The refusal of a contract order the futures service threw; anything but an expected refusal is thrown on. */
export function swapRefusalOf(err: unknown): OrderRefusal {
  if (err instanceof AppError && err.statusCode < 500) {
    const known = BY_CODE[err.code ?? ''];
    if (known) return { sCode: known.sCode, sMsg: err.message || known.sMsg };
  }
  return refusalOf(err);
}
