import type { AddressBookEntry, CoinTransactionRow, FundsNetwork, WithdrawSource } from '@exchange/contract';

/** Spec 3 §2: the destination tabs, On-chain and Internal withdrawal. */
export type DestinationTab = 'onchain' | 'internal';

/** What the user has entered so far, as typed. */
export interface WithdrawDraft {
  symbol: string | null;
  tab: DestinationTab;
  networkId: number | null;
  address: string;
  memo: string;
  /** Internal withdrawal: the recipient's email or UID. */
  recipient: string;
  amount: string;
  source: WithdrawSource;
}

export type WithdrawStep = 1 | 2 | 3;

export const emptyDraft: WithdrawDraft = {
  symbol: null,
  tab: 'onchain',
  networkId: null,
  address: '',
  memo: '',
  recipient: '',
  amount: '',
  source: 'funding',
};

const clearedDestination = { networkId: null, address: '', memo: '', recipient: '', amount: '' } as const;

/** On-chain needs a network and an address; internal needs a recipient. */
export function destinationComplete(draft: WithdrawDraft): boolean {
  if (draft.tab === 'internal') return draft.recipient.trim() !== '';
  return draft.networkId !== null && draft.address.trim() !== '';
}

/** Spec 3 §4: step 1; 2 once a crypto is chosen; 3 once the destination (network and address) is set. */
export function currentStep(draft: WithdrawDraft): WithdrawStep {
  if (draft.symbol === null) return 1;
  return destinationComplete(draft) ? 3 : 2;
}

/** Spec 3 §4: changing the crypto clears network, address and amount (and the memo and recipient with them). */
export function chooseCrypto(draft: WithdrawDraft, symbol: string): WithdrawDraft {
  if (draft.symbol === symbol) return draft;
  return { ...draft, ...clearedDestination, symbol };
}

/** Spec 3 §4: switching between on-chain and internal clears network, address and amount. */
export function chooseTab(draft: WithdrawDraft, tab: DestinationTab): WithdrawDraft {
  if (draft.tab === tab) return draft;
  return { ...draft, ...clearedDestination, tab };
}

export function chooseNetwork(draft: WithdrawDraft, networkId: number): WithdrawDraft {
  if (draft.symbol === null || draft.tab !== 'onchain') return draft;
  return { ...draft, networkId };
}

/** A saved address brings its own network and memo. */
export function chooseSavedAddress(draft: WithdrawDraft, entry: AddressBookEntry): WithdrawDraft {
  if (draft.symbol === null || draft.tab !== 'onchain' || entry.network_id === null) return draft;
  return { ...draft, networkId: entry.network_id, address: entry.address, memo: entry.memo ?? '' };
}

/** A saved recipient, for an internal withdrawal: the email or UID as it was saved. */
export function chooseSavedRecipient(draft: WithdrawDraft, entry: AddressBookEntry): WithdrawDraft {
  if (draft.symbol === null || draft.tab !== 'internal' || entry.kind !== 'internal') return draft;
  return { ...draft, recipient: entry.address };
}

export function selectedCoin(coins: readonly CoinTransactionRow[] | null, draft: WithdrawDraft): CoinTransactionRow | null {
  return coins?.find((coin) => coin.symbol === draft.symbol) ?? null;
}

export function selectedNetwork(coin: CoinTransactionRow | null, draft: WithdrawDraft): FundsNetwork | null {
  if (draft.tab !== 'onchain') return null;
  return coin?.networks.find((network) => network.id === draft.networkId) ?? null;
}
