import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { marketMessages } from '@exchange/contract';
import type { Coin } from './coin';
import { getMarketClient, type MarketClient } from './client';

export type CoinsStatus = 'loading' | 'error' | 'empty' | 'ready';

export interface UseCoinsOptions {
  /** Refresh period in ms; 0 or less loads once. */
  refreshMs?: number;
  /** Must be stable across renders (module constant or memoised); defaults to the app-wide client. */
  client?: Pick<MarketClient, 'fetchCoins'> & Partial<Pick<MarketClient, 'peekCoins'>>;
  /** False defers loading (the state stays 'loading') until a widget is actually used. */
  enabled?: boolean;
}

export interface UseCoinsResult {
  coins: Coin[];
  status: CoinsStatus;
  loading: boolean;
  error: string | null;
  stale: boolean;
  reload: () => void;
}

interface LoadedState {
  coins: Coin[];
  error: string | null;
  stale: boolean;
  loaded: boolean;
}

const initial: LoadedState = { coins: [], error: null, stale: false, loaded: false };

/** An API that answers with no coins is "empty", not an error, for the screens (spec 1 §8: 'No coins found.'). */
function statusOf({ loaded, coins, error }: LoadedState): CoinsStatus {
  if (!loaded) return 'loading';
  if (coins.length > 0) return 'ready';
  return error && error !== marketMessages.emptyCoinList ? 'error' : 'empty';
}

/**
 * The coin list for a component (spec 1 §4: loading, then error, empty or list). A failed
 * refresh keeps the list already shown and marks it stale instead of blanking the screen.
 */
export function useCoins({ refreshMs = 0, client, enabled = true }: UseCoinsOptions = {}): UseCoinsResult {
  // A fresh list already at hand (the server's seed, another page's load) is drawn in the first render.
  const [state, setState] = useState<LoadedState>(() => {
    const coins = enabled ? ((client ?? getMarketClient()).peekCoins?.() ?? null) : null;
    return coins ? { coins, error: null, stale: false, loaded: true } : initial;
  });
  const startedWith = useRef(state.coins);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    const source = client ?? getMarketClient();
    const load = async (force: boolean) => {
      const result = await source.fetchCoins({ force }).catch(() => ({
        success: false,
        data: [] as Coin[],
        error: marketMessages.fetchCoinsFailed,
        stale: false,
      }));
      if (!active) return;
      // A new list re-renders whole pages: as a transition React renders it in slices, never one long task.
      startTransition(() =>
        setState((previous) => {
          const keepPrevious = !result.success && previous.coins.length > 0;
          return {
            coins: keepPrevious ? previous.coins : result.data,
            error: result.error ?? null,
            stale: Boolean(result.stale) || keepPrevious,
            loaded: true,
          };
        }),
      );
    };
    // Loading again what the first render drew would only render the page a second time.
    const drawn = generation === 0 && startedWith.current.length > 0 && source.peekCoins?.() === startedWith.current;
    if (!drawn) void load(generation > 0);
    const timer = refreshMs > 0 ? setInterval(() => void load(true), refreshMs) : undefined;
    return () => {
      active = false;
      if (timer !== undefined) clearInterval(timer);
    };
  }, [client, refreshMs, generation, enabled]);

  const reload = useCallback(() => {
    // Back to the loading state only when nothing is on screen; otherwise refresh in place.
    setState((previous) => (previous.coins.length > 0 ? previous : initial));
    setGeneration((value) => value + 1);
  }, []);

  const status = statusOf(state);

  return {
    coins: state.coins,
    status,
    loading: status === 'loading',
    error: state.error,
    stale: state.stale,
    reload,
  };
}
