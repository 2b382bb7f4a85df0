import type { DepositReviewView } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';
import type { Ledger } from '../../../ledger/ledger.js';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { accountRef } from '../../../ledger/postings.js';
import { maxAmountOf } from '../../../shared/asset-limits.js';
import { networkById } from '../networks.js';
import { DEPOSITS_OWNER } from '../system-owners.js';
import { creditWalletOf } from './credit-wallet.js';
import { depositCreditedWriter } from './records.js';

/** A deposit as the console's deposits panel shows it. */
export interface ReviewedDeposit {
  id: string;
  /** Null while an unclaimed deposit waits for an operator to name its user. */
  userId: string | null;
  symbol: string;
  network: string;
  address: string;
  memo: string | null;
  txHash: string;
  amount: string;
  status: string;
  reason: string | null;
  creditAttempts: number;
  lastError: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  confirmations: number;
}

const VIEWS: Record<DepositReviewView, string> = {
  below_minimum: `decided_at IS NULL AND status = 'skipped' ORDER BY seq`,
  rejected: `decided_at IS NULL AND status = 'rejected' ORDER BY seq`,
  failing: `credit_attempts > 0 AND status IN ('submitted', 'accepted') ORDER BY seq`,
  unclaimed: `decided_at IS NULL AND status = 'unclaimed' ORDER BY seq`,
  decided: `decided_at IS NOT NULL ORDER BY decided_at DESC, seq`,
};

const COLUMNS = `id, user_id, symbol, network_id, address, memo, tx_hash, amount::text AS amount, status, reason, credit_attempts,
  last_error, decided_by, decided_at, created_at, confirmations`;

interface Row {
  id: string;
  user_id: string | null;
  symbol: string;
  network_id: number;
  address: string;
  memo: string | null;
  tx_hash: string;
  amount: string;
  status: string;
  reason: string | null;
  credit_attempts: number;
  last_error: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  confirmations: number;
}

const fromRow = (r: Row): ReviewedDeposit => ({
  id: r.id,
  userId: r.user_id,
  symbol: r.symbol,
  network: networkById(r.network_id)?.code ?? String(r.network_id),
  address: r.address,
  memo: r.memo,
  txHash: r.tx_hash,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  creditAttempts: r.credit_attempts,
  lastError: r.last_error,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at ? new Date(r.decided_at) : null,
  createdAt: new Date(r.created_at),
  confirmations: r.confirmations,
});

/** One page of a view of the deposits the watcher did not credit. */
export async function depositsForReview(q: Queryable, view: DepositReviewView, limit: number, offset: number): Promise<ReviewedDeposit[]> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM deposits WHERE ${VIEWS[view]} LIMIT $1 OFFSET $2`, [limit, offset]);
  return res.rows.map(fromRow);
}

export async function depositForReview(q: Queryable, id: string, lock = false): Promise<ReviewedDeposit | null> {
  const res = await q.query<Row>(`SELECT ${COLUMNS} FROM deposits WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const row = res.rows[0];
  return row ? fromRow(row) : null;
}

/** Who decides, when. */
export interface DepositDecider {
  operator: string;
  at: Date;
}

/** Why an operator's decision on a deposit is refused; the route answers 409 with its words. */
export type DecisionRefusal = 'not_refused' | 'not_refusable' | 'not_creditable' | 'needs_user' | 'has_user';

/**
 * Credits a deposit below the minimum, refused by the watcher or unclaimed (to `toUser`, whom the
 * operator names; only an unclaimed one takes one), in the caller's transaction: the row locked
 * first, so two operators at once credit it once; then the same posting and `credited` mark as the
 * watcher's credit (system:deposits to the user's chosen wallet). A deposit still open (failing) is
 * the watcher's alone: crediting it here could race the watcher's own retry.
 */
export async function creditDeposit(q: Queryable, ledger: Ledger, id: string, by: DepositDecider, toUser: string | null = null): Promise<DecisionRefusal | ReviewedDeposit> {
  const d = await depositForReview(q, id, true);
  if (!d || d.decidedAt !== null || (d.status !== 'skipped' && d.status !== 'rejected' && d.status !== 'unclaimed')) return 'not_refused';
  const userId = d.userId ?? toUser;
  if (d.userId !== null && toUser !== null) return 'has_user';
  if (userId === null) return 'needs_user';
  const amount = parsePositiveAmount(d.amount);
  if (!amount || amount.gt(maxAmountOf(d.symbol))) return 'not_creditable';
  if (d.userId === null) await q.query('UPDATE deposits SET user_id = $2 WHERE id = $1', [d.id, userId]);
  const wallet = await creditWalletOf(q, userId);
  await ledger.postNow(q, (b) => {
    b.post({
      kind: 'deposit',
      userId,
      ref: d.id,
      legs: [
        { account: accountRef(DEPOSITS_OWNER, d.symbol, 'funding'), amount: amount.neg() },
        { account: accountRef(userId, d.symbol, wallet), amount },
      ],
    });
    b.record(depositCreditedWriter, { id: d.id, confirmations: d.confirmations, wallet, at: by.at });
  });
  await q.query('UPDATE deposits SET decided_by = $2, decided_at = $3 WHERE id = $1', [d.id, by.operator, by.at]);
  return (await depositForReview(q, id)) as ReviewedDeposit;
}

/**
 * Refuses a deposit for good with the operator's reason, which its user reads: one below the
 * minimum, refused by the watcher, unclaimed (it stays no user's), or failing to credit (the watcher drops a failing one whose row
 * is no longer open at its next try).
 */
export async function refuseDeposit(q: Queryable, id: string, reason: string, by: DepositDecider): Promise<DecisionRefusal | ReviewedDeposit> {
  const d = await depositForReview(q, id, true);
  const open = (d?.status === 'submitted' || d?.status === 'accepted') && d.creditAttempts > 0;
  if (!d || d.decidedAt !== null || !(open || d.status === 'skipped' || d.status === 'rejected' || d.status === 'unclaimed')) return 'not_refusable';
  await q.query(`UPDATE deposits SET status = 'rejected', reason = $2, decided_by = $3, decided_at = $4 WHERE id = $1`, [d.id, reason, by.operator, by.at]);
  return (await depositForReview(q, id)) as ReviewedDeposit;
}
