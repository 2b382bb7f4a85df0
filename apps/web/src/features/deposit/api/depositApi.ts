import {
  coinTransactionResponse,
  depositAddressResponse,
  depositHistoryResponse,
  simulateDepositResponse,
  type CoinTransactionRow,
  type DepositAddressResponse,
  type DepositRecord,
} from '@exchange/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/http';
import { browserStorage, readApiKey } from '../../../shared/market/storage';

const BASE = '/api/v1';

export type SimulatedDeposit = z.infer<typeof simulateDepositResponse>;

/** GET /coin-transaction: the coins that can be deposited, each with its networks and the user's balances. */
export function fetchDepositCoins(uid: number, signal?: AbortSignal): Promise<CoinTransactionRow[]> {
  return apiRequest(`${BASE}/coin-transaction`, {
    schema: coinTransactionResponse,
    auth: true,
    apikey: true,
    query: { uid, transaction_type: 'deposit' },
    signal,
  });
}

/** GET /deposit-address: the user's own address (and memo) on a network, derived by the server. */
export function fetchDepositAddress(uid: number, networkId: number, signal?: AbortSignal): Promise<DepositAddressResponse> {
  return apiRequest(`${BASE}/deposit-address`, {
    schema: depositAddressResponse,
    auth: true,
    apikey: true,
    query: { uid, network_id: networkId },
    signal,
  });
}

/** GET /transaction-history/{uid}?transaction_type=deposit: the user's deposits, newest first. */
export function fetchDepositHistory(uid: number, signal?: AbortSignal): Promise<DepositRecord[]> {
  return apiRequest(`${BASE}/transaction-history/${uid}`, {
    schema: depositHistoryResponse,
    auth: true,
    apikey: true,
    query: { transaction_type: 'deposit' },
    signal,
  });
}

export interface SimulateDepositInput {
  uid: number;
  networkId: number;
  symbol: string;
  amount: string;
}

/** POST /simulated-chain/deposits: the built-in chain simulator sends coins to the user's own address. */
export function simulateDeposit(input: SimulateDepositInput): Promise<SimulatedDeposit> {
  return apiRequest(`${BASE}/simulated-chain/deposits`, {
    method: 'POST',
    schema: simulateDepositResponse,
    auth: true,
    body: {
      apikey: readApiKey(browserStorage()),
      uid: input.uid,
      network_id: input.networkId,
      symbol: input.symbol,
      amount: input.amount,
    },
  });
}
