import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchAddressBook } from '../api/withdrawApi';

/** The saved addresses and the "whitelist only" switch. */
export function useAddressBook(uid: number) {
  return useAsync('address-book', String(uid), (signal) => fetchAddressBook(uid, signal));
}
