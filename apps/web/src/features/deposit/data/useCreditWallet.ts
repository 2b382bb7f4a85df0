import { useState } from 'react';
import type { DepositWallet } from '@exchange/contract';
import { fetchDepositWallet, saveDepositWallet } from '../../../shared/api/balances';
import { useAsync } from '../../../shared/hooks/useAsync';
import { queryClient } from '../../../shared/query/queryClient';

const SCOPE = 'deposit-wallet';

/** Where the user's deposits are credited, stored on the server, and a way to change it. */
export function useCreditWallet(uid: number) {
  const stored = useAsync(SCOPE, String(uid), (signal) => fetchDepositWallet(uid, signal));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = async (wallet: DepositWallet) => {
    setSaving(true);
    setFailed(false);
    try {
      const answer = await saveDepositWallet(uid, wallet);
      queryClient.setQueryData([SCOPE, String(uid)], answer);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return { wallet: stored.data?.wallet ?? null, status: stored.status, reload: stored.reload, saving, failed, choose };
}
