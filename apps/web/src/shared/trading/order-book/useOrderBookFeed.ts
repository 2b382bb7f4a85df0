import { useCallback, useEffect, useRef, useState } from 'react';
import { createBookFeed, type BookFeed } from './bookFeed';
import type { ConnectionStatus } from './connection';
import { fetchBookPreferringPrefetch } from './prefetchedBook';
import type { Book, Trade } from './types';

/** Book and trade changes reach React at most this often; the socket may push far faster. */
export const UI_THROTTLE_MS = 100;

interface ConnectionView {
  status: ConnectionStatus;
  attempt: number;
  stale: boolean;
}

interface DataView {
  instId: string;
  book: Book | null;
  trades: Trade[];
}

export interface OrderBookFeedView extends ConnectionView {
  book: Book | null;
  trades: Trade[];
  retry: () => void;
}

/**
 * Live book and trades of `instId` (e.g. BTC-USDT); connection changes and the first book show at once,
 * later data throttled.
 */
export function useOrderBookFeed(instId: string): OrderBookFeedView {
  const [connection, setConnection] = useState<ConnectionView>({ status: 'connecting', attempt: 0, stale: false });
  const [data, setData] = useState<DataView>({ instId, book: null, trades: [] });
  const feedRef = useRef<BookFeed | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: DataView = { instId, book: null, trades: [] };
    const feed = createBookFeed({
      instId,
      fetchBook: (instId, signal) => fetchBookPreferringPrefetch(instId, signal),
      onChange: (snapshot) => {
        setConnection((previous) =>
          previous.status === snapshot.status && previous.attempt === snapshot.attempt && previous.stale === snapshot.stale
            ? previous
            : { status: snapshot.status, attempt: snapshot.attempt, stale: snapshot.stale },
        );
        if (snapshot.book === latest.book && snapshot.trades === latest.trades) return;
        const firstBook = latest.book === null && snapshot.book !== null;
        latest = { instId, book: snapshot.book, trades: snapshot.trades };
        if (firstBook) {
          // The throttle is for a stream of changes; the empty book waiting for its rows is not one.
          clearTimeout(timer);
          timer = undefined;
          setData(latest);
          return;
        }
        timer ??= setTimeout(() => {
          timer = undefined;
          setData(latest);
        }, UI_THROTTLE_MS);
      },
    });
    feedRef.current = feed;
    feed.start();
    return () => {
      clearTimeout(timer);
      feed.stop();
      feedRef.current = null;
    };
  }, [instId]);

  const retry = useCallback(() => feedRef.current?.retry(), []);
  // Until the new instrument's first data arrives, the previous one's book must not show.
  const current = data.instId === instId;
  return {
    ...connection,
    book: current ? data.book : null,
    trades: current ? data.trades : [],
    retry,
  };
}
