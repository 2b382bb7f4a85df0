import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchDepositAddress } from '../api/depositApi';

/**
 * The address of the chosen network. Only a settled answer for this very network is returned:
 * useAsync keeps the previous data while a new key loads, and an address of another network on
 * screen could be copied and lose the user's coins.
 */
export function useDepositAddress(uid: number, networkId: number | null) {
  const key = networkId === null ? null : `${uid}:${networkId}`;
  const address = useAsync('deposit-address', key, (signal) => fetchDepositAddress(uid, networkId ?? 0, signal));
  const current = address.status === 'ready' && address.data?.network_id === networkId ? address.data : null;
  return { status: address.status, data: current, error: address.error, reload: address.reload };
}
