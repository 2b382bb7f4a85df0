import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchWithdrawLimits } from '../api/withdrawApi';

/** Verification, the 24 h lock after a password or email change and today's limit left. */
export function useWithdrawLimits(uid: number) {
  return useAsync('withdraw-limits', String(uid), (signal) => fetchWithdrawLimits(uid, signal));
}
