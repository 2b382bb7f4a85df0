import type { Queryable } from '../../db/database.js';
import { revokeSessionsOf } from '../sessions/index.js';
import { recordNotification } from '../notifications/index.js';

export interface UserRow {
  id: string;
  email: string;
  uid: number;
  referral_code: string;
  password_hash: string;
  name: string | null;
  phone_number: string | null;
  country: string | null;
  profile_image_id: string | null;
  email_verified: boolean;
  identity_status: 'true' | 'pending' | 'false';
  role: 'client';
  created_at: Date;
}

export interface NewUser {
  id: string;
  email: string;
  uid: number;
  referralCode: string;
  passwordHash: string;
  country: string | null;
  /** The user whose referral code this one signed up with. */
  referredBy: string | null;
  createdAt: Date;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const res = await q.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return res.rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const res = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return res.rows[0];
}

/** Serialises work on one user's codes; NO KEY UPDATE leaves inserts that reference the user free. */
export async function lockUser(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [id]);
}

export async function insertUser(q: Queryable, u: NewUser): Promise<void> {
  await q.query(
    `INSERT INTO users (id, email, uid, referral_code, password_hash, country, referred_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [u.id, u.email, u.uid, u.referralCode, u.passwordHash, u.country, u.referredBy, u.createdAt],
  );
}

export async function markEmailVerified(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET email_verified = true WHERE id = $1', [userId]);
}

/** Spec 3 §9: withdrawals wait 24 hours after a password or email change. */
export const SECURITY_CHANGE_LOCK_MS = 24 * 60 * 60 * 1000;

/** Whoever took over an account by changing its password, email or authenticator cannot withdraw for 24 hours (spec 3 §9). */
export async function lockWithdrawalsAfterChange(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query('UPDATE users SET withdrawals_locked_until = $2 WHERE id = $1', [userId, new Date(at.getTime() + SECURITY_CHANGE_LOCK_MS)]);
}

/**
 * Sets a new password and ends every earlier session of the user (but `keepSessionId`, the signed-in
 * page that changed it), in the caller's transaction, so that no password change can leave another
 * session open; announce `revoked` after the commit. Withdrawals are locked for 24 hours.
 */
export async function replacePasswordHash(q: Queryable, userId: string, hash: string, at: Date, keepSessionId?: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
  await lockWithdrawalsAfterChange(q, userId, at);
  await revokeSessionsOf(q, userId, at, keepSessionId);
  await recordNotification(q, { userId, at, body: { code: 'password_changed', params: {} } });
}

/** Moves the account to a new address, with the same session and withdrawal rules as a password change. */
export async function replaceEmail(q: Queryable, userId: string, email: string, at: Date, keepSessionId: string): Promise<void> {
  await q.query('UPDATE users SET email = $2 WHERE id = $1', [userId, email]);
  await lockWithdrawalsAfterChange(q, userId, at);
  await revokeSessionsOf(q, userId, at, keepSessionId);
}

/** The user's password hash, locked against a concurrent change until the transaction ends. */
export async function passwordHashForShare(q: Queryable, userId: string): Promise<string | undefined> {
  const res = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1 FOR SHARE', [userId]);
  return res.rows[0]?.password_hash;
}

export async function updateProfile(
  q: Queryable,
  userId: string,
  name: string,
  phone: string | null,
  imageId: string | null,
): Promise<void> {
  await q.query('UPDATE users SET name = $2, phone_number = $3, profile_image_id = $4 WHERE id = $1', [
    userId,
    name,
    phone,
    imageId,
  ]);
}

export interface WalletRow {
  id: string;
  user_id: string;
  created_at: Date;
}

export async function insertWallet(q: Queryable, id: string, userId: string, createdAt: Date): Promise<void> {
  await q.query('INSERT INTO wallets (id, user_id, created_at) VALUES ($1, $2, $3)', [id, userId, createdAt]);
}

export async function findWalletByUserId(q: Queryable, userId: string): Promise<WalletRow | undefined> {
  const res = await q.query<WalletRow>('SELECT * FROM wallets WHERE user_id = $1', [userId]);
  return res.rows[0];
}

export type CodePurpose = 'verify_email' | 'reset_password' | 'login_unlock' | 'withdraw_address' | 'change_email' | 'enable_totp' | 'api_key';

export interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

/** The newest code of a purpose, used or not: the resend cooldown counts from it. */
export async function latestCode(q: Queryable, userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const res = await q.query<CodeRow>(
    `SELECT * FROM one_time_codes WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1`,
    [userId, purpose],
  );
  return res.rows[0];
}

/** The live code, locked so concurrent guesses count one by one. */
export async function activeCodeForUpdate(
  q: Queryable,
  userId: string,
  purpose: CodePurpose,
): Promise<CodeRow | undefined> {
  const res = await q.query<CodeRow>(
    `SELECT * FROM one_time_codes WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  return res.rows[0];
}

/** A new code replaces any earlier one of the same purpose. */
export async function replaceCode(
  q: Queryable,
  code: { id: string; userId: string; purpose: CodePurpose; hash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    'UPDATE one_time_codes SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL',
    [code.userId, code.purpose, code.createdAt],
  );
  await q.query(
    `INSERT INTO one_time_codes (id, user_id, purpose, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [code.id, code.userId, code.purpose, code.hash, code.createdAt, code.expiresAt],
  );
}

export async function incrementCodeAttempts(q: Queryable, codeId: string): Promise<number> {
  const res = await q.query<{ attempts: number }>(
    'UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [codeId],
  );
  return res.rows[0]?.attempts ?? 0;
}

export async function consumeCode(q: Queryable, codeId: string, at: Date): Promise<void> {
  await q.query('UPDATE one_time_codes SET consumed_at = $2 WHERE id = $1', [codeId, at]);
}

export interface LoginFailureCounts {
  /** Failures on the email from every client. */
  total: number;
  /** Those of them from the client asking now. */
  fromClient: number;
  clientOldest: Date | null;
}

export async function recentLoginFailures(
  q: Queryable,
  email: string,
  clientAddress: string,
  since: Date,
): Promise<LoginFailureCounts> {
  const res = await q.query<{ total: number; from_client: number; client_oldest: Date | null }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE client_address = $3)::int AS from_client,
            min(created_at) FILTER (WHERE client_address = $3) AS client_oldest
     FROM login_failures WHERE email = $1 AND created_at > $2`,
    [email, since, clientAddress],
  );
  const row = res.rows[0];
  return { total: row?.total ?? 0, fromClient: row?.from_client ?? 0, clientOldest: row?.client_oldest ?? null };
}

export async function recordLoginFailure(q: Queryable, email: string, clientAddress: string, at: Date): Promise<void> {
  await q.query('INSERT INTO login_failures (email, client_address, created_at) VALUES ($1, $2, $3)', [
    email,
    clientAddress,
    at,
  ]);
}

/** A successful login forgets its own client's failures; those of other clients still count. */
export async function clearClientLoginFailures(q: Queryable, email: string, clientAddress: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE email = $1 AND client_address = $2', [email, clientAddress]);
}

export async function clearLoginFailures(q: Queryable, email: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE email = $1', [email]);
}

export interface ImageRow {
  id: string;
  content_type: string;
  data: Uint8Array;
}

export async function insertImage(
  q: Queryable,
  img: { id: string; userId: string; contentType: string; data: Uint8Array; createdAt: Date },
): Promise<void> {
  await q.query(
    'INSERT INTO profile_images (id, user_id, content_type, data, created_at) VALUES ($1, $2, $3, $4, $5)',
    [img.id, img.userId, img.contentType, img.data, img.createdAt],
  );
}

export async function deleteImage(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM profile_images WHERE id = $1', [id]);
}

export async function findImage(q: Queryable, id: string): Promise<ImageRow | undefined> {
  const res = await q.query<ImageRow>('SELECT id, content_type, data FROM profile_images WHERE id = $1', [id]);
  return res.rows[0];
}
