import { randomUUID } from 'node:crypto';
import { withdrawMessages, type AddressBookEntry } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isValidAddress, isValidMemo } from '../addresses/validate.js';
import { networkById } from '../networks.js';

interface EntryRow {
  id: string;
  label: string;
  network_id: number;
  address: string;
  memo: string;
  created_at: string | Date;
}

function toEntry(r: EntryRow): AddressBookEntry {
  return {
    id: r.id,
    label: r.label,
    network_id: r.network_id,
    network: networkById(r.network_id)?.code ?? String(r.network_id),
    address: r.address,
    memo: r.memo === '' ? null : r.memo,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function addressBookOf(q: Queryable, userId: string): Promise<{ whitelist_only: boolean; addresses: AddressBookEntry[] }> {
  const [rows, settings] = await Promise.all([
    q.query<EntryRow>('SELECT id, label, network_id, address, memo, created_at FROM withdraw_addresses WHERE user_id = $1 ORDER BY created_at, id', [userId]),
    q.query<{ whitelist_only: boolean }>('SELECT whitelist_only FROM withdraw_settings WHERE user_id = $1', [userId]),
  ]);
  return { whitelist_only: settings.rows[0]?.whitelist_only === true, addresses: rows.rows.map(toEntry) };
}

/** Whether the address (with its memo) is in the user's book for that network. */
export async function isSaved(q: Queryable, userId: string, networkId: number, address: string, memo: string): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM withdraw_addresses WHERE user_id = $1 AND network_id = $2 AND address = $3 AND memo = $4', [
    userId,
    networkId,
    address,
    memo,
  ]);
  return res.rows.length > 0;
}

export interface NewAddress {
  label: string;
  networkId: number;
  address: string;
  memo: string;
}

/** Checks an address as a withdrawal to it would be checked: the network's own encoding. */
export function checkNewAddress(a: NewAddress): void {
  const network = networkById(a.networkId);
  if (!network) throw new AppError(404, 'This network does not exist', 'UNKNOWN_NETWORK');
  if (!isValidAddress(network, a.address)) throw new AppError(400, withdrawMessages.invalidAddress(network.name), 'INVALID_ADDRESS');
  if (!isValidMemo(network, a.memo)) throw new AppError(400, withdrawMessages.invalidMemo(network.name), 'INVALID_MEMO');
}

export async function saveAddress(q: Queryable, userId: string, a: NewAddress, at: Date): Promise<AddressBookEntry> {
  const res = await q.query<EntryRow>(
    `INSERT INTO withdraw_addresses (id, user_id, label, network_id, address, memo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, network_id, address, memo) DO NOTHING RETURNING id, label, network_id, address, memo, created_at`,
    [randomUUID(), userId, a.label, a.networkId, a.address, a.memo, at.toISOString()],
  );
  const row = res.rows[0];
  if (!row) throw new AppError(409, withdrawMessages.addressExists, 'ADDRESS_EXISTS');
  return toEntry(row);
}

export async function deleteAddress(q: Queryable, userId: string, id: string): Promise<void> {
  const res = await q.query('DELETE FROM withdraw_addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (res.rows.length === 0) throw new AppError(404, withdrawMessages.addressNotFound, 'NOT_FOUND');
}

export async function setWhitelistOnly(q: Queryable, userId: string, enabled: boolean): Promise<boolean> {
  await q.query(
    `INSERT INTO withdraw_settings (user_id, whitelist_only) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET whitelist_only = EXCLUDED.whitelist_only`,
    [userId, enabled],
  );
  return enabled;
}
