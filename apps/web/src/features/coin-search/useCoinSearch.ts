import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MarketClient } from '../../shared/market/client';
import type { Coin } from '../../shared/market/coin';
import { useCoins } from '../../shared/market/useCoins';
import { destinationOf, searchViewOf, type SearchTab, type SearchView } from './searchView';

/** Prices in an open dropdown stay roughly current without hammering the API. */
const OPEN_REFRESH_MS = 10_000;

export interface CoinSearchState {
  listId: string;
  query: string;
  setQuery: (query: string) => void;
  tab: SearchTab;
  setTab: (tab: SearchTab) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
  view: SearchView;
  activeIndex: number;
  setActiveIndex: (index: number) => void;
  optionId: (index: number) => string;
  choose: (coin: Coin) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The header coin search as a combobox: the coin list loads on first use, arrows move through
 * the options, Enter picks the active one (or the first), Escape closes; a choice navigates to
 * the coin's spot or futures page and clears the query (spec 1 §4).
 */
export interface CoinSearchOptions {
  /** Injected by tests; must be stable. */
  client?: Pick<MarketClient, 'fetchCoins'>;
  onChosen?: () => void;
  /** Starts open with this text, for a search that takes over from a placeholder the user already typed in. */
  initialQuery?: string;
  initiallyOpen?: boolean;
}

export function useCoinSearch({ client, onChosen, initialQuery = '', initiallyOpen = false }: CoinSearchOptions = {}): CoinSearchState {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQueryState] = useState(initialQuery);
  const [tab, setTab] = useState<SearchTab>('spot');
  const [open, setOpenState] = useState(initiallyOpen);
  const [used, setUsed] = useState(initiallyOpen || initialQuery !== '');
  const [activeIndex, setActiveIndex] = useState(-1);
  const { coins, status } = useCoins({ client, enabled: used, refreshMs: open ? OPEN_REFRESH_MS : 0 });
  const view = useMemo(() => searchViewOf(coins, status, query), [coins, status, query]);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (next) setUsed(true);
    setActiveIndex(-1);
  }, []);

  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    setUsed(true);
    setOpenState(true);
    setActiveIndex(-1);
  }, []);

  const choose = useCallback(
    (coin: Coin) => {
      navigate(destinationOf(coin, tab));
      setQueryState('');
      setOpenState(false);
      setActiveIndex(-1);
      onChosen?.();
    },
    [navigate, tab, onChosen],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = view.options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
        return;
      }
      case 'Enter': {
        const coin = view.options[activeIndex >= 0 ? activeIndex : 0];
        if (open && coin) {
          event.preventDefault();
          choose(coin);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        return;
      default:
    }
  };

  return {
    listId,
    query,
    setQuery,
    tab,
    setTab,
    open,
    setOpen,
    view,
    activeIndex: Math.min(activeIndex, view.options.length - 1),
    setActiveIndex,
    optionId: (index) => `${listId}-option-${index}`,
    choose,
    onKeyDown,
  };
}
