import {
  ledgerHistoryResponse,
  transferHistoryResponse,
  transferResponse,
  type LedgerHistoryRow,
  type TransferAccount,
  type TransferHistoryResponse,
  type TransferResponse,
} from '@exchange/contract';
import { browserStorage, readApiKey } from '../market/storage';
import { apiRequest } from './http';

// Apart so the spot page's assets tab loads none of the other answers' schemas.
export { fetchUserWallets } from './userWallets';

const BASE = '/api/v1';

/** How many journal transactions the assets Overview asks for: more than its 6 rows need. */
export const LEDGER_HISTORY_LIMIT = 20;

/** Spec 3 §4: a 404 or 204 answer means the user has no history yet, not a failure. */
export function fetchTransferHistory(uid: number, signal?: AbortSignal): Promise<TransferHistoryResponse> {
  return apiRequest(`${BASE}/transfer-history/${uid}`, {
    schema: transferHistoryResponse,
    auth: true,
    apikey: true,
    signal,
    emptyOn: { statuses: [204, 404], value: [] },
  });
}

export interface LedgerHistoryPage {
  /** Journal transactions to return; a transfer's two legs count once. */
  limit?: number;
  /** Journal transactions to skip, newest first. */
  offset?: number;
}

/** GET /ledger-history/{uid}: the user's own balance changes, newest first, one row per leg. */
export function fetchLedgerHistory(
  uid: number,
  signal?: AbortSignal,
  { limit = LEDGER_HISTORY_LIMIT, offset }: LedgerHistoryPage = {},
): Promise<LedgerHistoryRow[]> {
  return apiRequest(`${BASE}/ledger-history/${uid}`, {
    schema: ledgerHistoryResponse,
    auth: true,
    apikey: true,
    query: { limit, offset },
    signal,
  });
}

export interface TransferInput {
  uid: number;
  from: TransferAccount;
  to: TransferAccount;
  symbol: string;
  /** A JSON number, as spec 3 §7 has it. */
  amount: number;
}

/** The apikey travels in the JSON body, where spec 3 §7 puts it for this call (the server reads it nowhere else here). */
export function submitTransfer(input: TransferInput, idempotencyKey: string): Promise<TransferResponse> {
  return apiRequest(`${BASE}/transfers`, {
    method: 'POST',
    schema: transferResponse,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      apikey: readApiKey(browserStorage()),
      uid: input.uid,
      transfer_from: input.from,
      transfer_to: input.to,
      symbol: input.symbol,
      amount: input.amount,
    },
  });
}
