import type { Queryable } from '../../db/database.js';
import type { AddressKeys } from './addresses/address-keys.js';
import { deriveDepositAddress } from './addresses/derive.js';
import type { Network } from './networks.js';

export interface StoredDepositAddress {
  userId: string;
  networkId: number;
  address: string;
  memo: string | null;
  derivationIndex: number;
}

interface Row {
  user_id: string;
  network_id: number;
  address: string;
  memo: string | null;
  derivation_index: number;
}

const COLUMNS = 'user_id, network_id, address, memo, derivation_index';

function fromRow(row: Row): StoredDepositAddress {
  return {
    userId: row.user_id,
    networkId: row.network_id,
    address: row.address,
    memo: row.memo,
    derivationIndex: row.derivation_index,
  };
}

async function find(db: Queryable, userId: string, networkId: number): Promise<StoredDepositAddress | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM deposit_addresses WHERE user_id = $1 AND network_id = $2`, [
    userId,
    networkId,
  ]);
  return rows[0] && fromRow(rows[0]);
}

/**
 * The user's deposit address on `network`, derived and stored on first use. Two first requests at
 * once each take an index; one row wins and both answer with it (the other index stays unused, so
 * no address is ever given twice).
 */
export async function depositAddressFor(
  db: Queryable,
  keys: AddressKeys,
  userId: string,
  network: Network,
): Promise<StoredDepositAddress> {
  const existing = await find(db, userId, network.id);
  if (existing) return existing;
  const { rows } = await db.query<{ index: number }>(`SELECT nextval('deposit_address_index')::integer AS index`);
  const index = rows[0]?.index;
  if (index === undefined) throw new Error('the deposit address sequence gave no value');
  const derived = deriveDepositAddress(network, index, keys);
  await db.query(
    `INSERT INTO deposit_addresses (${COLUMNS}) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, network_id) DO NOTHING`,
    [userId, network.id, derived.address, derived.memo, index],
  );
  const stored = await find(db, userId, network.id);
  if (!stored) throw new Error('deposit address row missing after insert');
  return stored;
}

/**
 * Whose deposit address this is, as a chain watcher sees a transfer: by network and address, and
 * by memo on a memo network (a deposit there without a known memo belongs to nobody).
 */
export async function depositAddressOwner(
  db: Queryable,
  network: Network,
  address: string,
  memo: string | null,
): Promise<StoredDepositAddress | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM deposit_addresses WHERE network_id = $1 AND address = $2 AND COALESCE(memo, '') = $3`,
    [network.id, address, network.memo ? (memo ?? '') : ''],
  );
  return rows[0] && fromRow(rows[0]);
}

/** Whether the address is one the exchange gave out on the network, whatever memo a transfer to it carries. */
export async function isExchangeAddress(db: Queryable, network: Network, address: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM deposit_addresses WHERE network_id = $1 AND address = $2 LIMIT 1', [network.id, address]);
  return rows.length > 0;
}
