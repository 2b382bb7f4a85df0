import type { Queryable } from '../../../db/database.js';
import type { Hold } from '../../../ledger/postings.js';
import { accountRef } from '../../../ledger/postings.js';
import { Dec } from '../../../shared/decimal.js';
import type { WithdrawalKind, WithdrawalSource } from './records.js';

export type WithdrawalStatus = 'unconfirmed' | 'prepared' | 'review' | 'processing' | 'completed' | 'failed' | 'rejected' | 'cancelled' | 'expired';
export const ENDED: readonly WithdrawalStatus[] = ['completed', 'failed', 'rejected', 'cancelled', 'expired'];

export interface StoredWithdrawal {
  id: string;
  userId: string;
  kind: WithdrawalKind;
  source: WithdrawalSource;
  symbol: string;
  networkId: number | null;
  address: string;
  memo: string | null;
  recipientId: string | null;
  recipientEmail: string | null;
  amount: Dec;
  fee: Dec;
  valueUsdt: Dec;
  status: WithdrawalStatus;
  txHash: string | null;
  rawTx: string | null;
  confirmations: number;
  reason: string | null;
  /** The live hold of the amount, rebuilt from its row; null once spent or released. */
  hold: Hold | null;
  createdAt: Date;
}

interface Row {
  id: string;
  user_id: string;
  kind: WithdrawalKind;
  source: WithdrawalSource;
  symbol: string;
  network_id: number | null;
  address: string;
  memo: string | null;
  recipient_id: string | null;
  recipient_email: string | null;
  amount: string;
  fee: string;
  value_usdt: string;
  status: WithdrawalStatus;
  tx_hash: string | null;
  raw_tx: string | null;
  confirmations: number;
  reason: string | null;
  hold_id: string | null;
  hold_left: string | null;
  hold_status: Hold['status'] | null;
  created_at: string | Date;
}

const SELECT = `SELECT w.id, w.user_id, w.kind, w.source, w.symbol, w.network_id, w.address, w.memo, w.recipient_id,
  r.email AS recipient_email, w.amount::text AS amount, w.fee::text AS fee, w.value_usdt::text AS value_usdt, w.status,
  w.tx_hash, w.raw_tx, w.confirmations, w.reason, w.hold_id, h.amount::text AS hold_left, h.status AS hold_status, w.created_at
  FROM withdrawals w LEFT JOIN holds h ON h.id = w.hold_id LEFT JOIN users r ON r.id = w.recipient_id`;

function toStored(r: Row): StoredWithdrawal {
  const hold: Hold | null =
    r.hold_id && r.hold_status === 'live'
      ? { id: r.hold_id, account: accountRef(r.user_id, r.symbol, r.source), reason: 'withdrawal', ref: r.id, left: new Dec(r.hold_left ?? '0'), status: 'live' }
      : null;
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    source: r.source,
    symbol: r.symbol,
    networkId: r.network_id,
    address: r.address,
    memo: r.memo,
    recipientId: r.recipient_id,
    recipientEmail: r.recipient_email,
    amount: new Dec(r.amount),
    fee: new Dec(r.fee),
    valueUsdt: new Dec(r.value_usdt),
    status: r.status,
    txHash: r.tx_hash,
    rawTx: r.raw_tx,
    confirmations: r.confirmations,
    reason: r.reason,
    hold,
    createdAt: new Date(r.created_at),
  };
}

export async function withdrawalById(q: Queryable, id: string): Promise<StoredWithdrawal | null> {
  const res = await q.query<Row>(`${SELECT} WHERE w.id = $1`, [id]);
  return res.rows[0] ? toStored(res.rows[0]) : null;
}

/** A user's withdrawals, newest first. */
export async function withdrawalsOf(q: Queryable, userId: string, limit: number): Promise<StoredWithdrawal[]> {
  const res = await q.query<Row>(`${SELECT} WHERE w.user_id = $1 ORDER BY w.seq DESC LIMIT $2`, [userId, limit]);
  return res.rows.map(toStored);
}

/** Withdrawals the processor moves on: held and approved, or sent and confirming. */
export async function openWithdrawals(q: Queryable): Promise<StoredWithdrawal[]> {
  const res = await q.query<Row>(`${SELECT} WHERE w.status IN ('prepared', 'processing') ORDER BY w.seq`);
  return res.rows.map(toStored);
}

/** Ended withdrawals whose hold is still live: a crash came between the end's claim and the release. */
export async function endedWithLiveHold(q: Queryable): Promise<StoredWithdrawal[]> {
  const res = await q.query<Row>(`${SELECT} WHERE w.status IN ('failed', 'rejected', 'cancelled') AND h.status = 'live'`);
  return res.rows.map(toStored);
}

/** USDT value of the user's confirmed withdrawals since `since` that were not refused, failed or cancelled. */
export async function usedSince(q: Queryable, userId: string, since: Date): Promise<Dec> {
  const res = await q.query<{ used: string | null }>(
    `SELECT COALESCE(SUM(value_usdt), 0)::text AS used FROM withdrawals
     WHERE user_id = $1 AND created_at >= $2 AND status NOT IN ('unconfirmed', 'expired', 'failed', 'rejected', 'cancelled')`,
    [userId, since.toISOString()],
  );
  return new Dec(res.rows[0]?.used ?? '0');
}

/**
 * Moves a withdrawal from one of `from` to `to` if it is still there: the database decides between
 * the processor, a cancel and an operator, whoever comes first. Answers whether it moved.
 */
export async function moveStatus(
  q: Queryable,
  id: string,
  from: readonly WithdrawalStatus[],
  to: WithdrawalStatus,
  at: Date,
  extra: { txHash?: string; rawTx?: string; reason?: string } = {},
): Promise<boolean> {
  const res = await q.query(
    `UPDATE withdrawals SET status = $3, updated_at = $4, tx_hash = COALESCE($5, tx_hash), raw_tx = COALESCE($6, raw_tx),
       reason = COALESCE($7, reason)
     WHERE id = $1 AND status = ANY($2::text[]) RETURNING id`,
    [id, from, to, at.toISOString(), extra.txHash ?? null, extra.rawTx ?? null, extra.reason ?? null],
  );
  return res.rows.length > 0;
}

export async function setConfirmations(q: Queryable, id: string, confirmations: number, at: Date): Promise<void> {
  await q.query('UPDATE withdrawals SET confirmations = $2, updated_at = $3 WHERE id = $1', [id, confirmations, at.toISOString()]);
}

export interface WithdrawerFacts {
  verified: boolean;
  lockedUntil: Date | null;
  whitelistOnly: boolean;
}

export async function withdrawerFacts(q: Queryable, userId: string): Promise<WithdrawerFacts> {
  const res = await q.query<{ identity_status: string; withdrawals_locked_until: string | Date | null; whitelist_only: boolean | null }>(
    `SELECT u.identity_status, u.withdrawals_locked_until, s.whitelist_only
     FROM users u LEFT JOIN withdraw_settings s ON s.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const r = res.rows[0];
  return {
    verified: r?.identity_status === 'true',
    lockedUntil: r?.withdrawals_locked_until ? new Date(r.withdrawals_locked_until) : null,
    whitelistOnly: r?.whitelist_only === true,
  };
}

/** The user an internal withdrawal goes to, by email or by UID. */
export async function findRecipient(q: Queryable, emailOrUid: string): Promise<{ id: string; email: string } | null> {
  const value = emailOrUid.trim();
  const res = /^\d{1,10}$/.test(value)
    ? await q.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE uid = $1', [Number(value)])
    : await q.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE email = $1', [value.toLowerCase()]);
  return res.rows[0] ?? null;
}

/** A signed payout that can never be mined is forgotten, so the processor signs the withdrawal again. */
export async function forgetSignature(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query(`UPDATE withdrawals SET tx_hash = NULL, raw_tx = NULL, updated_at = $2 WHERE id = $1 AND status = 'processing'`, [id, at.toISOString()]);
}

/** Withdrawals waiting for an operator's review (the operator console's dashboard). */
export async function withdrawalsInReviewCount(q: Queryable): Promise<number> {
  const res = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'review'`);
  return res.rows[0]?.n ?? 0;
}
