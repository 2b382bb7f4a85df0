import { useState } from 'react';
import type { FuturesContract } from '@exchange/contract';
import { fetchContracts } from '../api/futuresApi';
import { useVisiblePoll } from './useVisiblePoll';

/** Mark, index and funding move every few seconds; the page reads them this often (issue 14). */
export const CONTRACTS_POLL_MS = 2000;

const NONE: FuturesContract[] = [];

/** Every perpetual's public state, refreshed every 2 s while the page shows; empty until the first answer. */
export function useContracts(fetcher: typeof fetchContracts = fetchContracts): FuturesContract[] {
  const [contracts, setContracts] = useState<FuturesContract[]>(NONE);
  useVisiblePoll('contracts', CONTRACTS_POLL_MS, async (signal) => {
    try {
      const next = await fetcher(signal);
      if (!signal.aborted) setContracts(next);
    } catch {
      // The last figures stay on screen; the next tick asks again.
    }
  });
  return contracts;
}
