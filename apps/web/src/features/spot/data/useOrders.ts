import { useCallback, useEffect, useState } from 'react';
import type { OrderHistoryRow } from '@exchange/contract';
import { fetchOrderHistory } from '../api/spotApi';

export interface OrdersState {
  rows: OrderHistoryRow[];
  loading: boolean;
  /** Set only when nothing was loaded yet (spec 1 §4); a failed refresh keeps the rows. */
  failed: boolean;
  reload: () => void;
}

interface Answer {
  request: string;
  rows: OrderHistoryRow[] | null;
  failed: boolean;
}

// One empty list for every render, so memos over the rows hold until an answer arrives.
const NO_ROWS: OrderHistoryRow[] = [];

/** The user's orders (`open` or `all`), reloaded when `refresh` changes or on demand. */
export function useOrders(uid: number | null, status: 'open' | 'all', refresh: number): OrdersState {
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ request: '', rows: null, failed: false });
  const request = `${uid}:${status}:${refresh}:${generation}`;

  useEffect(() => {
    if (uid === null) return undefined;
    const controller = new AbortController();
    const key = `${uid}:${status}:${refresh}:${generation}`;
    fetchOrderHistory(uid, status, controller.signal)
      .then((rows) => setAnswer({ request: key, rows, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer((previous) => ({ request: key, rows: previous.rows, failed: true }));
      });
    return () => controller.abort();
  }, [uid, status, refresh, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return {
    rows: answer.rows ?? NO_ROWS,
    loading: uid !== null && answer.request !== request,
    failed: answer.failed && answer.rows === null,
    reload,
  };
}
