import { randomUUID } from 'node:crypto';
import { withdrawMessages, type AddressBookEntry } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';
import { AppError, codedError } from '../../../errors.js';
import { isValidAddress, isValidMemo } from '../addresses/validate.js';
import { networkById } from '../networks.js';
import { findRecipient } from './store.js';

interface EntryRow {
  id: string;
  label: string;
  network_id: number | null;
  address: string;
  memo: string;
  created_at: string | Date;
}

const COLUMNS = 'id, label, network_id, address, memo, created_at';

function toEntry(r: EntryRow): AddressBookEntry {
  const networkId = r.network_id;
  return {
    id: r.id,
    label: r.label,
    kind: networkId === null ? 'internal' : 'onchain',
    network_id: networkId,
    network: networkId === null ? 'Internal' : (networkById(networkId)?.code ?? String(networkId)),
    address: r.address,
    memo: r.memo === '' ? null : r.memo,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function addressBookOf(q: Queryable, userId: string): Promise<{ whitelist_only: boolean; addresses: AddressBookEntry[] }> {
  const [rows, settings] = await Promise.all([
    q.query<EntryRow>(`SELECT ${COLUMNS} FROM withdraw_addresses WHERE user_id = $1 ORDER BY created_at, id`, [userId]),
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

/** Whether the other user is in the user's book, however they were typed (email or UID). */
export async function isSavedRecipient(q: Queryable, userId: string, recipientId: string): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM withdraw_addresses WHERE user_id = $1 AND recipient_id = $2', [userId, recipientId]);
  return res.rows.length > 0;
}

/** An address on a network, or another user of the exchange as the user typed them (email or UID). */
export type NewAddress =
  | { kind: 'onchain'; label: string; networkId: number; address: string; memo: string }
  | { kind: 'internal'; label: string; recipient: string };

/** What the add-address form sent, as one of the two kinds; a mix of both is refused. */
export function newAddressOf(body: { label: string; network_id?: number; address?: string; memo?: string; recipient?: string }): NewAddress {
  const recipient = body.recipient ?? '';
  if (recipient !== '') {
    if (body.network_id !== undefined || (body.address ?? '') !== '') throw new AppError(400, withdrawMessages.addressOrRecipient, 'VALIDATION');
    return { kind: 'internal', label: body.label, recipient };
  }
  if (body.network_id === undefined || (body.address ?? '') === '') throw new AppError(400, withdrawMessages.completeFields, 'VALIDATION');
  return { kind: 'onchain', label: body.label, networkId: body.network_id, address: body.address ?? '', memo: body.memo ?? '' };
}

/** Checks an address as a withdrawal to it would be checked: the network's own encoding. */
export function checkNewAddress(a: NewAddress): void {
  if (a.kind === 'internal') return;
  const network = networkById(a.networkId);
  if (!network) throw new AppError(404, 'This network does not exist', 'UNKNOWN_NETWORK');
  if (!isValidAddress(network, a.address)) throw codedError(400, 'INVALID_ADDRESS', 'withdraw.invalidAddress', { network: network.name });
  if (!isValidMemo(network, a.memo)) throw codedError(400, 'INVALID_MEMO', 'withdraw.invalidMemo', { network: network.name });
}

export async function saveAddress(q: Queryable, userId: string, a: NewAddress, at: Date): Promise<AddressBookEntry> {
  let row: EntryRow | undefined;
  if (a.kind === 'internal') {
    const recipient = await findRecipient(q, a.recipient);
    if (!recipient) throw new AppError(404, withdrawMessages.recipientNotFound, 'RECIPIENT_NOT_FOUND');
    if (recipient.id === userId) throw new AppError(400, withdrawMessages.recipientSelf, 'VALIDATION');
    const res = await q.query<EntryRow>(
      `INSERT INTO withdraw_addresses (id, user_id, label, network_id, address, memo, recipient_id, created_at)
       VALUES ($1, $2, $3, NULL, $4, '', $5, $6)
       ON CONFLICT (user_id, recipient_id) WHERE recipient_id IS NOT NULL DO NOTHING RETURNING ${COLUMNS}`,
      [randomUUID(), userId, a.label, a.recipient.trim(), recipient.id, at.toISOString()],
    );
    row = res.rows[0];
  } else {
    const res = await q.query<EntryRow>(
      `INSERT INTO withdraw_addresses (id, user_id, label, network_id, address, memo, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, network_id, address, memo) DO NOTHING RETURNING ${COLUMNS}`,
      [randomUUID(), userId, a.label, a.networkId, a.address, a.memo, at.toISOString()],
    );
    row = res.rows[0];
  }
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
