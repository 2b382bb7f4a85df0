import type { Queryable } from '../../db/database.js';
import type { ReservesSnapshot } from '@exchange/contract';

/** One asset's line of a snapshot, as stored and answered. */
export interface AssetLine {
  asset: string;
  total: string;
  reserves: string;
  ratio: string | null;
}

export interface StoredSnapshot {
  id: string;
  takenAt: Date;
  assets: string[];
  rootHash: string;
  /** The root's sums, in the asset order. */
  totals: string[];
  /** The ledger's totals read beside them: equal, or the snapshot was refused. */
  ledgerTotals: string[];
  lines: AssetLine[];
  users: number;
}

interface SnapshotRow {
  id: string;
  taken_at: Date | string;
  assets: string[];
  root_hash: string;
  totals: string[];
  ledger_totals: string[];
  reserves: AssetLine[];
  users: number;
}

const toSnapshot = (r: SnapshotRow): StoredSnapshot => ({
  id: r.id,
  takenAt: new Date(r.taken_at),
  assets: r.assets,
  rootHash: r.root_hash,
  totals: r.totals,
  ledgerTotals: r.ledger_totals,
  lines: r.reserves,
  users: r.users,
});

/** Stores a snapshot and its leaves, given as JSON texts of rows (leaf-rows.ts): one statement per batch. */
export async function saveSnapshot(q: Queryable, s: StoredSnapshot, leafBatches: readonly string[]): Promise<void> {
  await q.query(
    `INSERT INTO reserve_snapshots (id, taken_at, assets, root_hash, totals, ledger_totals, reserves, users)
     VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8)`,
    [s.id, s.takenAt, JSON.stringify(s.assets), s.rootHash, JSON.stringify(s.totals), JSON.stringify(s.ledgerTotals), JSON.stringify(s.lines), s.users],
  );
  for (const batch of leafBatches) {
    await q.query(
      `INSERT INTO reserve_leaves (snapshot_id, idx, user_id, nonce, balances)
       SELECT $1, idx, user_id, nonce, balances FROM json_to_recordset($2::json) AS l(idx integer, user_id uuid, nonce text, balances jsonb)`,
      [s.id, batch],
    );
  }
}

const SELECT = 'SELECT id, taken_at, assets, root_hash, totals, ledger_totals, reserves, users FROM reserve_snapshots';

export async function latestSnapshot(q: Queryable): Promise<StoredSnapshot | null> {
  const res = await q.query<SnapshotRow>(`${SELECT} ORDER BY seq DESC LIMIT 1`);
  return res.rows[0] ? toSnapshot(res.rows[0]) : null;
}

export async function recentSnapshots(q: Queryable, limit: number): Promise<StoredSnapshot[]> {
  const res = await q.query<SnapshotRow>(`${SELECT} ORDER BY seq DESC LIMIT $1`, [limit]);
  return res.rows.map(toSnapshot);
}

/**
 * A snapshot's leaves in tree order, the rows its tree is built again from, as one JSON text made
 * by the database: the event loop passes it to the tree worker without parsing 100,000 rows.
 */
export async function leavesJson(q: Queryable, snapshotId: string): Promise<string> {
  const res = await q.query<{ leaves: string }>(
    `SELECT COALESCE(json_agg(json_build_object('userId', user_id::text, 'nonce', nonce, 'balances', balances) ORDER BY idx), '[]'::json)::text AS leaves
     FROM reserve_leaves WHERE snapshot_id = $1`,
    [snapshotId],
  );
  return res.rows[0]?.leaves ?? '[]';
}

/** The sums of a snapshot's stored leaves per asset, in its asset order, as the database adds them. */
export async function leafSums(q: Queryable, snapshotId: string): Promise<string[]> {
  const res = await q.query<{ k: string; total: string }>(
    `SELECT e.k, SUM(e.b::numeric)::text AS total
     FROM reserve_leaves l, jsonb_array_elements_text(l.balances) WITH ORDINALITY AS e(b, k)
     WHERE l.snapshot_id = $1 GROUP BY e.k ORDER BY e.k`,
    [snapshotId],
  );
  return res.rows.map((r) => r.total);
}

/** A snapshot as the calls answer it. */
export function snapshotAnswer(s: StoredSnapshot): ReservesSnapshot {
  return { id: s.id, taken_at: s.takenAt.toISOString(), root_hash: s.rootHash, users: s.users, assets: s.lines };
}
