import type { AddressBookEntry, CoinTransactionRow } from '@exchange/contract';

/** Spec 3 §2: the address book's dropdown shows the first 15 characters of each address. */
export const ADDRESS_PREVIEW_CHARS = 15;

export function addressPreview(address: string): string {
  return address.length > ADDRESS_PREVIEW_CHARS ? `${address.slice(0, ADDRESS_PREVIEW_CHARS)}…` : address;
}

/** The saved addresses this coin can be sent to: those on one of its networks (saved recipients have none). */
export function entriesForCoin(entries: readonly AddressBookEntry[], coin: CoinTransactionRow | null): AddressBookEntry[] {
  if (!coin) return [];
  const networks = new Set(coin.networks.map((network) => network.id));
  return entries.filter((entry) => entry.network_id !== null && networks.has(entry.network_id));
}

/** The saved recipients: other users of the exchange, who take any coin. */
export function savedRecipients(entries: readonly AddressBookEntry[]): AddressBookEntry[] {
  return entries.filter((entry) => entry.kind === 'internal');
}

/**
 * Whether the typed recipient is one of the saved ones, as saved (an email in any case). The server
 * matches the user behind it, so a saved email typed as its UID still passes there; here it only
 * decides whether to warn.
 */
export function isSavedRecipient(entries: readonly AddressBookEntry[], recipient: string): boolean {
  const typed = recipient.trim().toLowerCase();
  return savedRecipients(entries).some((entry) => entry.address.toLowerCase() === typed);
}

/** Whether the typed address is one of the saved ones on this network (what "whitelist only" allows). */
export function isSavedAddress(entries: readonly AddressBookEntry[], networkId: number | null, address: string): boolean {
  const typed = address.trim();
  return entries.some((entry) => entry.network_id === networkId && entry.address === typed);
}

/** What an address book entry is: an address on a network, or another user (an internal withdrawal's recipient). */
export type EntryKind = AddressBookEntry['kind'];

/**
 * What saving an entry still lacks, in the order of the form: a label; a network and address, or
 * the recipient; the 6-digit code.
 */
export type NewAddressProblem = 'label' | 'fields' | 'recipient' | 'code';

export function newAddressProblem(input: { kind: EntryKind; label: string; networkId: number | null; address: string; recipient: string; code: string }): NewAddressProblem | null {
  if (input.label.trim() === '') return 'label';
  if (input.kind === 'internal' && input.recipient.trim() === '') return 'recipient';
  if (input.kind === 'onchain' && (input.networkId === null || input.address.trim() === '')) return 'fields';
  if (!/^\d{6}$/.test(input.code.trim())) return 'code';
  return null;
}
