import type { Queryable } from '../../../db/database.js';

/** What the exchange's addresses hold of one coin on one network. */
export interface ChainReserve {
  networkId: number;
  symbol: string;
  amount: string;
}

/**
 * What the simulated chains show at the exchange's addresses, up to a height: every mined transfer
 * into a deposit address, less every mined payout of the hot wallet (a withdrawal's transaction).
 * A transfer that failed on chain moved nothing.
 */
export async function simulatedReserves(q: Queryable, networkIds: readonly number[], height: number): Promise<ChainReserve[]> {
  if (networkIds.length === 0) return [];
  const res = await q.query<{ network_id: number; symbol: string; amount: string }>(
    `SELECT t.network_id, t.symbol, SUM(CASE WHEN w.id IS NULL THEN t.amount ELSE -t.amount END)::text AS amount
     FROM simulated_chain_transfers t
     LEFT JOIN withdrawals w ON w.network_id = t.network_id AND w.tx_hash = t.tx_hash
     WHERE t.network_id = ANY($1) AND NOT t.failed AND t.block_height <= $2
       AND (w.id IS NOT NULL OR EXISTS (SELECT 1 FROM deposit_addresses a WHERE a.network_id = t.network_id AND a.address = t.to_address))
     GROUP BY t.network_id, t.symbol ORDER BY t.network_id, t.symbol`,
    [[...networkIds], height],
  );
  return res.rows.map((r) => ({ networkId: Number(r.network_id), symbol: r.symbol, amount: r.amount }));
}

/**
 * An address that holds reserves, with its derivation index (the lowest, on a memo network's shared
 * account); null for the EVM hot wallet, whose key is configured rather than derived.
 */
export interface ReserveAddressRow {
  networkId: number;
  address: string;
  derivationIndex: number | null;
}

/** The exchange's deposit addresses that received coins on the simulated chains, at most `limit` per network. */
export async function simulatedReserveAddresses(q: Queryable, networkIds: readonly number[], limit: number): Promise<ReserveAddressRow[]> {
  if (networkIds.length === 0) return [];
  const res = await q.query<{ network_id: number; address: string; derivation_index: number }>(
    `SELECT network_id, address, derivation_index FROM (
       SELECT a.network_id, a.address, a.derivation_index, ROW_NUMBER() OVER (PARTITION BY a.network_id ORDER BY a.address) AS n
       FROM (SELECT network_id, address, MIN(derivation_index) AS derivation_index FROM deposit_addresses WHERE network_id = ANY($1) GROUP BY network_id, address) a
       WHERE EXISTS (SELECT 1 FROM simulated_chain_transfers t WHERE t.network_id = a.network_id AND t.to_address = a.address AND NOT t.failed)
     ) ranked WHERE n <= $2 ORDER BY network_id, address`,
    [[...networkIds], limit],
  );
  return res.rows.map((r) => ({ networkId: Number(r.network_id), address: r.address, derivationIndex: Number(r.derivation_index) }));
}
