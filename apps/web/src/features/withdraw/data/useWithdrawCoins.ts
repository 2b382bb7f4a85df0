import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchWithdrawCoins } from '../api/withdrawApi';

/** The coins with their networks, fees and the user's Funding and Spot balances; reload() after a withdrawal moves. */
export function useWithdrawCoins(uid: number) {
  return useAsync('withdraw-coins', String(uid), (signal) => fetchWithdrawCoins(uid, signal));
}
