import { useEffect, useRef } from 'react';
import type { MarketClient } from '../../shared/market/client';
import { useCoinSearch } from './useCoinSearch';
import { CoinSearchInput } from './CoinSearchInput';
import { SearchPanel } from './SearchPanel';

export interface CoinSearchProps {
  /** Injected by tests; must be stable. */
  client?: Pick<MarketClient, 'fetchCoins'>;
  initialQuery?: string;
  autoFocus?: boolean;
}

/** The desktop coin search combobox with its dropdown (spec 1 §2, §4); closes on an outside click. */
export default function CoinSearch({ client, initialQuery = '', autoFocus = false }: CoinSearchProps) {
  const search = useCoinSearch({ client, initialQuery, initiallyOpen: autoFocus });
  const rootRef = useRef<HTMLDivElement>(null);
  const { open, setOpen } = search;

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, setOpen]);

  return (
    <div
      className="coin-search"
      ref={rootRef}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <CoinSearchInput search={search} autoFocus={autoFocus} />
      {open && <SearchPanel search={search} className="coin-search__dropdown" />}
    </div>
  );
}
