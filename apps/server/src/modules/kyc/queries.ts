import type { Queryable } from '../../db/database.js';
import type { DocumentType, IdentityStatus } from '@exchange/contract';

export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

export interface SubmissionRow {
  id: string;
  user_id: string;
  document_type: DocumentType;
  country: string | null;
  files: string[];
  status: SubmissionStatus;
  submitted_at: Date;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  rejection_reason: string | null;
}

export interface NewSubmission {
  id: string;
  userId: string;
  documentType: DocumentType;
  country: string | null;
  files: string[];
  submittedAt: Date;
}

/** The user's identity status, the row locked until the transaction ends so two uploads cannot both pass. */
export async function lockIdentityStatus(q: Queryable, userId: string): Promise<IdentityStatus | undefined> {
  const res = await q.query<{ identity_status: IdentityStatus }>('SELECT identity_status FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return res.rows[0]?.identity_status;
}

export async function identityStatusOf(q: Queryable, userId: string): Promise<IdentityStatus | undefined> {
  const res = await q.query<{ identity_status: IdentityStatus }>('SELECT identity_status FROM users WHERE id = $1', [userId], 'kyc_identity_status');
  return res.rows[0]?.identity_status;
}

export async function setIdentityStatus(q: Queryable, userId: string, status: IdentityStatus): Promise<void> {
  await q.query('UPDATE users SET identity_status = $2 WHERE id = $1', [userId, status]);
}

export async function insertSubmission(q: Queryable, s: NewSubmission): Promise<void> {
  await q.query(
    `INSERT INTO kyc_submissions (id, user_id, document_type, country, files, status, submitted_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6)`,
    [s.id, s.userId, s.documentType, s.country, s.files, s.submittedAt],
  );
}

export async function latestSubmission(q: Queryable, userId: string): Promise<SubmissionRow | undefined> {
  const res = await q.query<SubmissionRow>(
    'SELECT * FROM kyc_submissions WHERE user_id = $1 ORDER BY submitted_at DESC, id LIMIT 1',
    [userId],
  );
  return res.rows[0];
}

/** The pending submission of a user, locked for its review. */
export async function lockPendingSubmission(q: Queryable, userId: string): Promise<SubmissionRow | undefined> {
  const res = await q.query<SubmissionRow>(
    `SELECT * FROM kyc_submissions WHERE user_id = $1 AND status = 'pending' FOR UPDATE`,
    [userId],
  );
  return res.rows[0];
}

/** Whether the user's account is frozen, the row locked until the transaction ends. */
export async function lockFrozen(q: Queryable, userId: string): Promise<boolean> {
  const res = await q.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return res.rows[0]?.frozen === true;
}

/**
 * Users whose submission has waited since `before` or longer, oldest first; a frozen account's is
 * not among them (it waits for an operator, and would otherwise fill every batch).
 */
export async function pendingSince(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const res = await q.query<{ user_id: string }>(
    `SELECT s.user_id FROM kyc_submissions s JOIN users u ON u.id = s.user_id
     WHERE s.status = 'pending' AND s.submitted_at <= $1 AND u.frozen_at IS NULL ORDER BY s.submitted_at LIMIT $2`,
    [before, limit],
  );
  return res.rows.map((r) => r.user_id);
}

export async function closeSubmission(
  q: Queryable,
  id: string,
  outcome: { status: 'approved' | 'rejected'; at: Date; by: string; reason: string | null },
): Promise<void> {
  await q.query(
    `UPDATE kyc_submissions SET status = $2, reviewed_at = $3, reviewed_by = $4, rejection_reason = $5 WHERE id = $1`,
    [id, outcome.status, outcome.at, outcome.by, outcome.reason],
  );
}

export async function userIdByEmail(q: Queryable, email: string): Promise<string | undefined> {
  const res = await q.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return res.rows[0]?.id;
}

/** Submissions waiting for an operator's decision (the operator console's dashboard). */
export async function pendingReviewCount(q: Queryable): Promise<number> {
  const res = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM kyc_submissions WHERE status = 'pending'`);
  return res.rows[0]?.n ?? 0;
}

/**
 * Submissions in `status` with their user's email: the pending ones oldest first, as the console's
 * queue works through them; the decided ones latest decision first.
 */
export async function submissionsByStatus(
  q: Queryable,
  status: SubmissionStatus,
  limit: number,
  offset: number,
): Promise<(SubmissionRow & { email: string })[]> {
  const res = await q.query<SubmissionRow & { email: string }>(
    `SELECT s.*, u.email FROM kyc_submissions s JOIN users u ON u.id = s.user_id
     WHERE s.status = $1 ORDER BY ${status === 'pending' ? 's.submitted_at, s.id' : 's.reviewed_at DESC, s.id'} LIMIT $2 OFFSET $3`,
    [status, limit, offset],
  );
  return res.rows;
}
