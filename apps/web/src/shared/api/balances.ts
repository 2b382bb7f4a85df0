import {
  depositWalletResponse,
  walletBalancesResponse,
  type DepositWallet,
  type DepositWalletResponse,
  type WalletBalancesResponse,
} from '@exchange/contract';
import { browserStorage, readApiKey } from '../market/storage';
import { apiRequest } from './http';

/** GET /balances/{uid}: every asset's wallets as available, held by what holds it, and total (issue 40). */
export function fetchBalances(uid: number, signal?: AbortSignal): Promise<WalletBalancesResponse> {
  return apiRequest(`/api/v1/balances/${uid}`, { schema: walletBalancesResponse, auth: true, apikey: true, signal });
}

/** GET /deposit-wallet/{uid}: where the user's deposits are credited. */
export function fetchDepositWallet(uid: number, signal?: AbortSignal): Promise<DepositWalletResponse> {
  return apiRequest(`/api/v1/deposit-wallet/${uid}`, { schema: depositWalletResponse, auth: true, apikey: true, signal });
}

/** POST /deposit-wallet: credit the user's deposits to Funding or straight to Spot from now on. */
export function saveDepositWallet(uid: number, wallet: DepositWallet): Promise<DepositWalletResponse> {
  return apiRequest('/api/v1/deposit-wallet', {
    method: 'POST',
    schema: depositWalletResponse,
    auth: true,
    body: { apikey: readApiKey(browserStorage()), uid, wallet },
  });
}
