import { useQuery } from '@tanstack/react-query';
import type { FuturesContract } from '@exchange/contract';
import { queryClient } from '../../../shared/query/queryClient';
import { fetchContracts } from '../api/futuresApi';

/** Mark, index and funding move every few seconds; the page reads them this often (issue 14). */
export const CONTRACTS_POLL_MS = 2000;

const NONE: FuturesContract[] = [];

/**
 * Every perpetual's public state, refreshed every 2 s while the page shows (a hidden tab asks
 * nothing and catches up the moment it shows again); empty until the first answer. A failed
 * refresh keeps the last figures on screen; the next tick asks again.
 */
export function useContracts(fetcher: typeof fetchContracts = fetchContracts): FuturesContract[] {
  const query = useQuery(
    {
      queryKey: ['futures-contracts'],
      queryFn: ({ signal }) => fetcher(signal),
      refetchInterval: CONTRACTS_POLL_MS,
      refetchOnWindowFocus: 'always',
    },
    queryClient,
  );
  return query.data ?? NONE;
}
