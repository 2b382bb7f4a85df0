import {
  addAddressResponse,
  addressBookResponse,
  coinTransactionResponse,
  messageAnswer,
  submitWithdrawalResponse,
  whitelistResponse,
  withdrawalCodeResponse,
  withdrawalHistoryResponse,
  withdrawalRecord,
  withdrawLimitsResponse,
  type AddressBookEntry,
  type AddressBookResponse,
  type CoinTransactionRow,
  type SubmitWithdrawalResponse,
  type WithdrawalRecord,
  type WithdrawLimitsResponse,
  type WithdrawSource,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';
import { browserStorage, readApiKey } from '../../../shared/market/storage';

const BASE = '/api/v1';

const apikey = () => readApiKey(browserStorage());

/** GET /coin-transaction?transaction_type=withdrawal: the coins with their networks (and fees) and the user's balances. */
export function fetchWithdrawCoins(uid: number, signal?: AbortSignal): Promise<CoinTransactionRow[]> {
  return apiRequest(`${BASE}/coin-transaction`, {
    schema: coinTransactionResponse,
    auth: true,
    apikey: true,
    query: { uid, transaction_type: 'withdrawal' },
    signal,
  });
}

/** GET /withdraw-limits: verification, the 24 h lock, what is left of today's limit. */
export function fetchWithdrawLimits(uid: number, signal?: AbortSignal): Promise<WithdrawLimitsResponse> {
  return apiRequest(`${BASE}/withdraw-limits`, { schema: withdrawLimitsResponse, auth: true, apikey: true, query: { uid }, signal });
}

/** GET /transaction-history/{uid}?transaction_type=withdraw: the user's withdrawals, newest first. */
export function fetchWithdrawHistory(uid: number, signal?: AbortSignal): Promise<WithdrawalRecord[]> {
  return apiRequest(`${BASE}/transaction-history/${uid}`, {
    schema: withdrawalHistoryResponse,
    auth: true,
    apikey: true,
    query: { transaction_type: 'withdraw' },
    signal,
  });
}

export interface WithdrawalInput {
  /** The coin's id of GET /coin-transaction (spec 3 §7: wallet_id). */
  walletId: number;
  amount: string;
  source: WithdrawSource;
  destination: { kind: 'onchain'; networkId: number; address: string; memo: string | null } | { kind: 'internal'; recipient: string };
}

/**
 * POST /submit-withdrawal: spec 3 §7's query parameters and an empty body. The answer is the
 * withdrawal unconfirmed (nothing held) and a code mailed to the user. The Idempotency-Key stays
 * the same while the user retries one withdrawal, so a retry never makes a second.
 */
export function submitWithdrawal(input: WithdrawalInput, idempotencyKey: string): Promise<SubmitWithdrawalResponse> {
  const { destination } = input;
  return apiRequest(`${BASE}/submit-withdrawal`, {
    method: 'POST',
    schema: submitWithdrawalResponse,
    auth: true,
    apikey: true,
    headers: { 'Idempotency-Key': idempotencyKey },
    query: {
      wallet_id: input.walletId,
      initial_amount: input.amount,
      source: input.source,
      ...(destination.kind === 'onchain'
        ? { network_id: destination.networkId, address: destination.address, memo: destination.memo ?? undefined }
        : { recipient: destination.recipient }),
    },
  });
}

/**
 * POST /withdrawals/{id}/confirm: the code mailed for this withdrawal and, with the authenticator
 * app on, its code; the server checks every rule again, holds the amount and sends it.
 */
export function confirmWithdrawal(uid: number, id: string, emailCode: string, totpCode: string | undefined): Promise<SubmitWithdrawalResponse> {
  return apiRequest(`${BASE}/withdrawals/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    schema: submitWithdrawalResponse,
    auth: true,
    body: { apikey: apikey(), uid, email_code: emailCode, totp_code: totpCode },
  });
}

/** POST /withdrawals/{id}/confirm-code: mails a fresh code (the last one stops working); answers the new deadline. */
export function requestConfirmCode(uid: number, id: string): Promise<{ message: string; expires_at: string }> {
  return apiRequest(`${BASE}/withdrawals/${encodeURIComponent(id)}/confirm-code`, {
    method: 'POST',
    schema: withdrawalCodeResponse,
    auth: true,
    body: { apikey: apikey(), uid },
  });
}

/** POST /withdrawals/{id}/cancel: a withdrawal not yet sent (or not yet confirmed) is cancelled and any hold released; answers the cancelled withdrawal. */
export function cancelWithdrawal(uid: number, id: string): Promise<WithdrawalRecord> {
  return apiRequest(`${BASE}/withdrawals/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: withdrawalRecord,
    auth: true,
    body: { apikey: apikey(), uid },
  });
}

/** GET /withdraw-addresses: the saved addresses and the "whitelist only" switch. */
export function fetchAddressBook(uid: number, signal?: AbortSignal): Promise<AddressBookResponse> {
  return apiRequest(`${BASE}/withdraw-addresses`, { schema: addressBookResponse, auth: true, apikey: true, query: { uid }, signal });
}

/** POST /withdraw-addresses/code: mails the code that saving an address, or turning "whitelist only" off, needs. */
export async function requestAddressCode(uid: number): Promise<string> {
  const answer = await apiRequest(`${BASE}/withdraw-addresses/code`, { method: 'POST', schema: messageAnswer, auth: true, body: { apikey: apikey(), uid } });
  return answer.message;
}

export interface NewAddress {
  label: string;
  /** An address on a network, or another user of the exchange by email or UID. */
  destination: { kind: 'onchain'; networkId: number; address: string; memo: string } | { kind: 'internal'; recipient: string };
  code: string;
  /** The authenticator code, once the user has the app on. */
  totpCode?: string;
}

/**
 * POST /withdraw-addresses: saves an address, checked for its network, or another user as an
 * internal recipient (so "whitelist only" lets internal withdrawals go to them), with the mailed code.
 */
export async function addAddress(uid: number, input: NewAddress): Promise<AddressBookEntry> {
  const { destination } = input;
  const memo = destination.kind === 'onchain' ? destination.memo.trim() : '';
  const answer = await apiRequest(`${BASE}/withdraw-addresses`, {
    method: 'POST',
    schema: addAddressResponse,
    auth: true,
    body: {
      apikey: apikey(),
      uid,
      label: input.label.trim(),
      ...(destination.kind === 'onchain'
        ? { network_id: destination.networkId, address: destination.address.trim(), memo: memo === '' ? undefined : memo }
        : { recipient: destination.recipient.trim() }),
      code: input.code.trim(),
      totp_code: input.totpCode,
    },
  });
  return answer.address;
}

/** POST /withdraw-addresses/whitelist: turns "whitelist only" on, or off with the emailed code (taking a protection away needs it). */
export async function setWhitelistOnly(uid: number, enabled: boolean, code?: string): Promise<boolean> {
  const answer = await apiRequest(`${BASE}/withdraw-addresses/whitelist`, {
    method: 'POST',
    schema: whitelistResponse,
    auth: true,
    body: { apikey: apikey(), uid, enabled, code: code?.trim() || undefined },
  });
  return answer.whitelist_only;
}
