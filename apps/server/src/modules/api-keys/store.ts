import { randomUUID } from 'node:crypto';
import { API_KEYS_PER_USER, type ApiKeyPermission, type ApiKeyView } from '@exchange/contract';
import type { Database, Queryable } from '../../db/database.js';
import { lockUser } from '../accounts/index.js';

/** A live key as a signed call needs it: still sealed, as stored. */
export interface StoredKey {
  id: string;
  userId: string;
  label: string;
  permissions: ApiKeyPermission[];
  ipAllowlist: string[];
  secretSealed: string;
  passphraseHash: string;
  expiresAt: Date | null;
}

export interface NewKey {
  userId: string;
  apiKey: string;
  label: string;
  permissions: readonly ApiKeyPermission[];
  ipAllowlist: readonly string[];
  secretSealed: string;
  passphraseHash: string;
  expiresAt: Date | null;
  createdAt: Date;
}

interface ViewRow {
  api_key: string;
  label: string;
  permissions: ApiKeyPermission[];
  ip_allowlist: string[];
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function viewOf(r: ViewRow): ApiKeyView {
  return {
    api_key: r.api_key,
    label: r.label,
    permissions: r.permissions,
    ip_allowlist: r.ip_allowlist,
    expires_at: iso(r.expires_at),
    created_at: new Date(r.created_at).toISOString(),
    last_used_at: iso(r.last_used_at),
    last_used_ip: r.last_used_ip,
  };
}

const VIEW_COLUMNS = 'api_key, label, permissions, ip_allowlist, expires_at, created_at, last_used_at, last_used_ip';

/** The user's live keys, oldest first. */
export async function listKeys(q: Queryable, userId: string): Promise<ApiKeyView[]> {
  const res = await q.query<ViewRow>(`SELECT ${VIEW_COLUMNS} FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, [userId]);
  return res.rows.map(viewOf);
}

export async function liveKeyCount(q: Queryable, userId: string): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL', [userId]);
  return res.rows[0]?.n ?? 0;
}

/** Stores a key unless the user already has API_KEYS_PER_USER live ones; the user's row is locked so that two creations at once cannot both pass the count. */
export async function insertKey(db: Database, k: NewKey): Promise<ApiKeyView | null> {
  return db.tx(async (q) => {
    await lockUser(q, k.userId);
    if ((await liveKeyCount(q, k.userId)) >= API_KEYS_PER_USER) return null;
    const res = await q.query<ViewRow>(
      `INSERT INTO api_keys (id, user_id, api_key, label, permissions, ip_allowlist, secret_sealed, passphrase_hash, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${VIEW_COLUMNS}`,
      [randomUUID(), k.userId, k.apiKey, k.label, k.permissions, k.ipAllowlist, k.secretSealed, k.passphraseHash, k.expiresAt, k.createdAt],
    );
    return viewOf(res.rows[0] as ViewRow);
  });
}

/** Whether the user has this live key (a delete of someone else's key finds none). */
export async function hasKey(q: Queryable, userId: string, apiKey: string): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM api_keys WHERE user_id = $1 AND api_key = $2 AND deleted_at IS NULL', [userId, apiKey]);
  return res.rows.length > 0;
}

export async function deleteKey(q: Queryable, userId: string, apiKey: string, at: Date): Promise<boolean> {
  const res = await q.query('UPDATE api_keys SET deleted_at = $3 WHERE user_id = $1 AND api_key = $2 AND deleted_at IS NULL', [userId, apiKey, at]);
  return (res.rowCount ?? 0) > 0;
}

interface KeyRow {
  api_key: string;
  id: string;
  user_id: string;
  label: string;
  permissions: ApiKeyPermission[];
  ip_allowlist: string[];
  secret_sealed: string;
  passphrase_hash: string;
  expires_at: Date | null;
}

const KEY_COLUMNS = 'api_key, id, user_id, label, permissions, ip_allowlist, secret_sealed, passphrase_hash, expires_at';

function storedKeyOf(r: KeyRow): StoredKey {
  return {
    id: r.id,
    userId: r.user_id,
    label: r.label,
    permissions: r.permissions,
    ipAllowlist: r.ip_allowlist,
    secretSealed: r.secret_sealed,
    passphraseHash: r.passphrase_hash,
    expiresAt: r.expires_at ? new Date(r.expires_at) : null,
  };
}

/** A live key by its public id, read from the database on every call: a deletion counts at once in every process. */
export async function liveKey(q: Queryable, apiKey: string): Promise<StoredKey | null> {
  const res = await q.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE api_key = $1 AND deleted_at IS NULL`, [apiKey]);
  const r = res.rows[0];
  return r ? storedKeyOf(r) : null;
}

/** The live ones of these keys by public id, in one statement; a deleted or unknown key is absent. */
export async function liveKeysOf(q: Queryable, apiKeys: readonly string[]): Promise<Map<string, StoredKey>> {
  const res = await q.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE api_key = ANY($1::uuid[]) AND deleted_at IS NULL`, [apiKeys]);
  return new Map(res.rows.map((r) => [r.api_key, storedKeyOf(r)]));
}

/** Records the last use; written at most once a minute per key and address, so a busy bot does not write on every call. */
export async function markUsed(q: Queryable, id: string, ip: string, at: Date): Promise<void> {
  await q.query(
    `UPDATE api_keys SET last_used_at = $3, last_used_ip = $2
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_ip IS DISTINCT FROM $2 OR last_used_at < $3::timestamptz - interval '1 minute')`,
    [id, ip, at],
  );
}
