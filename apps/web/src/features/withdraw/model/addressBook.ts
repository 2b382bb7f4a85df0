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

/** Whether the typed address is one of the saved ones on this network (what "whitelist only" allows). */
export function isSavedAddress(entries: readonly AddressBookEntry[], networkId: number | null, address: string): boolean {
  const typed = address.trim();
  return entries.some((entry) => entry.network_id === networkId && entry.address === typed);
}

/** What saving an address still lacks, in the order of the form: a label, a network and address, the 6-digit code. */
export type NewAddressProblem = 'label' | 'fields' | 'code';

export function newAddressProblem(input: { label: string; networkId: number | null; address: string; code: string }): NewAddressProblem | null {
  if (input.label.trim() === '') return 'label';
  if (input.networkId === null || input.address.trim() === '') return 'fields';
  if (!/^\d{6}$/.test(input.code.trim())) return 'code';
  return null;
}
