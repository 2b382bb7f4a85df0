import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { MarketClient } from '../../shared/market/client';
import { useCoinSearch } from './useCoinSearch';
import { CoinSearchInput } from './CoinSearchInput';
import { SearchPanel } from './SearchPanel';

interface MobileSearchProps {
  client?: Pick<MarketClient, 'fetchCoins'>;
  onClose: () => void;
}

/** The full-screen phone search with Cancel and a clear button (spec 1 §2). */
export default function MobileSearch({ client, onClose }: MobileSearchProps) {
  const search = useCoinSearch({ client, onChosen: onClose, initiallyOpen: true });
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div
      className="coin-search-mobile"
      role="dialog"
      aria-modal="true"
      aria-label="Search coins"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="coin-search-mobile__bar">
        <CoinSearchInput search={search} inputRef={inputRef} />
        <button type="button" className="btn-link coin-search-mobile__cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
      <SearchPanel search={search} className="coin-search-mobile__panel" />
    </div>,
    document.body,
  );
}
