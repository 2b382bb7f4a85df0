import { randomBytes } from 'node:crypto';
import { formatUnits, toUnits, type LeafInput } from '@exchange/contract/reserves';

/** One user's holding of one asset as the ledger read gives it: a wallet's balance or an Earn principal. */
export interface Holding {
  userId: string;
  asset: string;
  amount: string;
}

/** The leaves written per database statement: a 100,000-user snapshot is a few round trips. */
export const LEAF_BATCH = 5000;

/** Byte order of ASCII symbols and ids, as docs/reserves.md fixes it (not the locale's). */
function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The tree's rows from the holdings (runs on the tree worker): one per user in byte order of the
 * ids, a fresh random nonce each, and a balance per asset in byte order of the symbols, each as the
 * tree hashes it. A negative holding is refused (toUnits throws NegativeBalanceError).
 */
export function leafRowsOf(holdings: readonly Holding[]): { assets: string[]; rows: LeafInput[] } {
  const byUser = new Map<string, Map<string, bigint>>();
  for (const h of holdings) {
    const held = byUser.get(h.userId) ?? new Map<string, bigint>();
    held.set(h.asset, (held.get(h.asset) ?? 0n) + toUnits(h.amount));
    byUser.set(h.userId, held);
  }
  const assets = [...new Set(holdings.map((h) => h.asset))].sort(byBytes);
  const rows = [...byUser.entries()]
    .sort(([a], [b]) => byBytes(a, b))
    .map(([userId, held]) => ({ userId, nonce: randomBytes(32).toString('hex'), balances: assets.map((asset) => formatUnits(held.get(asset) ?? 0n)) }));
  return { assets, rows };
}

/** The rows as the store inserts them, a JSON text per LEAF_BATCH rows: strings cross threads at the cost of a copy. */
export function leafBatchesOf(rows: readonly LeafInput[]): string[] {
  const out: string[] = [];
  for (let start = 0; start < rows.length; start += LEAF_BATCH) {
    out.push(JSON.stringify(rows.slice(start, start + LEAF_BATCH).map((l, i) => ({ idx: start + i, user_id: l.userId, nonce: l.nonce, balances: l.balances }))));
  }
  return out;
}
