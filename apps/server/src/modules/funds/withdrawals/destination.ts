import { withdrawMessages, type SubmitWithdrawalQuery } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';
import { AppError, codedError } from '../../../errors.js';
import { isBurnAddress, isValidAddress, isValidMemo } from '../addresses/validate.js';
import { networkById, type Network } from '../networks.js';
import { isSaved, isSavedRecipient } from './address-book.js';
import { findRecipient } from './store.js';

const bad = (message: string, code = 'VALIDATION') => new AppError(400, message, code);

export type Destination =
  | { kind: 'onchain'; network: Network; address: string; memo: string | null; fee: string; decimals: number }
  | { kind: 'internal'; recipient: { id: string; email: string } };

export interface DestinationRules {
  /** Whether a chain here pays the coin on the network (a real adapter, or the simulator when on). */
  pays(networkId: number, symbol: string): boolean;
}

/**
 * Where a withdrawal goes, checked against every destination rule: an address valid on the
 * network, never a burn address, with a valid memo; or another user, never oneself. With
 * "whitelist only" on, either must be in the user's address book (issue 14 #3).
 */
export async function checkDestination(
  db: Queryable,
  rules: DestinationRules,
  userId: string,
  symbol: string,
  input: Pick<SubmitWithdrawalQuery, 'network_id' | 'address' | 'memo' | 'recipient'>,
  whitelistOnly: boolean,
): Promise<Destination> {
  const internal = input.recipient !== undefined && input.recipient !== '';
  const hasAddress = input.address !== undefined && input.address !== '';
  if (internal && (hasAddress || input.network_id !== undefined)) throw bad(withdrawMessages.addressOrRecipient);
  if (!internal && (!hasAddress || input.network_id === undefined)) throw bad(withdrawMessages.completeFields);

  if (internal) {
    const recipient = await findRecipient(db, input.recipient ?? '');
    if (!recipient) throw new AppError(404, withdrawMessages.recipientNotFound, 'RECIPIENT_NOT_FOUND');
    if (recipient.id === userId) throw bad(withdrawMessages.recipientSelf);
    if (whitelistOnly && !(await isSavedRecipient(db, userId, recipient.id))) throw new AppError(403, withdrawMessages.whitelistOnlyInternal, 'WHITELIST_ONLY');
    return { kind: 'internal', recipient };
  }
  const network = networkById(input.network_id ?? 0);
  if (!network) throw new AppError(404, 'This network does not exist', 'UNKNOWN_NETWORK');
  const terms = network.coins.find((c) => c.symbol === symbol);
  if (!terms) throw codedError(400, 'NOT_ON_NETWORK', 'withdraw.notOnNetwork', { symbol, network: network.code });
  if (!rules.pays(network.id, symbol)) throw codedError(503, 'NOT_PAYABLE', 'withdraw.notPayable', { symbol, network: network.code });
  const address = input.address ?? '';
  if (!isValidAddress(network, address)) throw codedError(400, 'INVALID_ADDRESS', 'withdraw.invalidAddress', { network: network.name });
  if (isBurnAddress(network, address)) throw bad(withdrawMessages.burnAddress, 'BURN_ADDRESS');
  if (!isValidMemo(network, input.memo)) throw codedError(400, 'INVALID_MEMO', 'withdraw.invalidMemo', { network: network.name });
  if (whitelistOnly && !(await isSaved(db, userId, network.id, address, input.memo ?? ''))) {
    throw new AppError(403, withdrawMessages.whitelistOnly, 'WHITELIST_ONLY');
  }
  return { kind: 'onchain', network, address, memo: input.memo ? input.memo : null, fee: terms.withdraw_fee, decimals: terms.decimals };
}
