import type { z } from 'zod';
import type { okxDepositRow, okxWithdrawalRow } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import type { DepositLine, WithdrawalLine, WithdrawalStatus } from '../funds/index.js';
import { okxChainOf } from './chains.js';

/** Deposits' states as OKX's: 0 waiting for confirmation, 1 credited (not yet final), 2 successful, 12 not credited. */
const DEPOSIT_STATE: Record<DepositLine['status'], string> = { submitted: '0', accepted: '1', credited: '2', skipped: '12', rejected: '12' };

/**
 * Withdrawals' states as OKX's: 3 waiting for the mailed code (a web withdrawal), 0 waiting to be
 * sent, 4 waiting for an operator's review, 1 sending, 2 sent, -1 failed or rejected, -2 cancelled.
 */
const WITHDRAWAL_STATE: Record<WithdrawalStatus, string> = {
  unconfirmed: '3',
  prepared: '0',
  review: '4',
  processing: '1',
  completed: '2',
  failed: '-1',
  rejected: '-1',
  cancelled: '-2',
  expired: '-2',
};

export function okxDepositOf(d: DepositLine): z.infer<typeof okxDepositRow> {
  return {
    actualDepBlkConfirm: String(d.confirmations),
    amt: d.amount,
    areaCodeFrom: '',
    ccy: d.symbol,
    chain: okxChainOf(d.symbol, d.network),
    depId: d.id,
    from: '',
    fromWdId: '',
    state: DEPOSIT_STATE[d.status],
    to: d.address,
    ts: String(d.createdAt.getTime()),
    txId: d.txHash,
    ...(d.memo ? { memo: d.memo } : {}),
  };
}

/** OKX's `amt` of a withdrawal leaves the fee out: ours holds the amount with its fee. */
export function okxWithdrawalOf(w: WithdrawalLine, clientId: string): z.infer<typeof okxWithdrawalRow> {
  return {
    chain: okxChainOf(w.symbol, w.network),
    fee: w.fee,
    feeCcy: w.symbol,
    ccy: w.symbol,
    clientId,
    amt: new Dec(w.amount).minus(w.fee).toFixed(),
    txId: w.txHash ?? '',
    from: '',
    areaCodeFrom: '',
    to: w.address,
    areaCodeTo: '',
    state: WITHDRAWAL_STATE[w.status],
    ts: String(w.createdAt.getTime()),
    nonTradableAsset: false,
    wdId: w.id,
    ...(w.memo ? { memo: w.memo } : {}),
  };
}
