import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchSpotBalance } from '../api/convertApi';

/**
 * The spot balance of `symbol` for a signed-in user (null uid: a visitor, nothing to load). Spec 2 §8:
 * a balance that fails to load counts as 0, so `failed` goes with a value of "0".
 */
export function useSpotBalance(uid: number | null, symbol: string) {
  const balance = useAsync('convert-spot-balance', uid === null ? null : `${uid}:${symbol}`, (signal) => fetchSpotBalance(uid ?? 0, symbol, signal));
  const failed = balance.status === 'error';
  let value: string | null = null;
  if (failed) value = '0';
  else if (balance.status === 'ready') value = balance.data?.spot_wallet ?? null;
  return { value, failed, reload: balance.reload };
}
