import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchDepositCoins } from '../api/depositApi';

/** The coins with their networks and the user's funding balances; reload() after a deposit is credited. */
export function useDepositCoins(uid: number) {
  return useAsync('deposit-coins', String(uid), (signal) => fetchDepositCoins(uid, signal));
}
