import type { FundsNetwork } from '@exchange/contract';
import { addressProblem, isValidMemo } from '@exchange/contract/addresses';

/** What the server would refuse in an on-chain destination, by the contract's rules for the network's scheme. */
export type AddressIssue = { kind: 'invalidAddress'; network: string } | { kind: 'burnAddress' } | { kind: 'invalidMemo'; network: string };

/**
 * The address (and memo) as the server reads them, trimmed, checked in the server's order: the
 * chain's encoding, then the burn addresses, then the memo. An empty address is not an issue
 * here: the form asks for the missing field in its own words.
 */
export function addressIssue(network: FundsNetwork | null, address: string, memo: string): AddressIssue | null {
  const typed = address.trim();
  if (network === null || typed === '') return null;
  const problem = addressProblem(network.scheme, typed);
  if (problem === 'invalid') return { kind: 'invalidAddress', network: network.name };
  if (problem === 'burn') return { kind: 'burnAddress' };
  const sentMemo = network.memo ? memo.trim() : '';
  return isValidMemo(network.scheme, sentMemo) ? null : { kind: 'invalidMemo', network: network.name };
}
