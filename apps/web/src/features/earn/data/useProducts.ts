import { useEffect, useState } from 'react';
import type { EarnFilter } from '@exchange/contract';
import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchProducts } from '../api/earnApi';

/** Typing pauses this long before the server is asked again. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The products the server lists for the filter and search; the search is sent once typing pauses. */
export function useProducts(filter: EarnFilter, search: string) {
  const [sent, setSent] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setSent(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const query = sent.trim();
  return useAsync('earn-products', `${filter}|${query}`, (signal) => fetchProducts(filter, query, signal));
}
